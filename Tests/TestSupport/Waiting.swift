/// Polls `condition` every 10 ms until it holds or `limit` passes, and says whether it held.
/// Limits are generous: the whole suite shares two cooperative threads with CPU-heavy tests.
package func waitUntil(
    within limit: Duration = .seconds(60), _ condition: () throws -> Bool
) async rethrows -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if try condition() { return true }
        try? await Task.sleep(for: .milliseconds(10))
    }
    return try condition()
}

/// Runs `body`, then `cleanup`, also when `body` throws: the `defer` that async clean-up lacks.
package func withCleanup<T>(
    _ body: () async throws -> T, cleanup: () async -> Void
) async throws -> T {
    let value: T
    do {
        value = try await body()
    } catch {
        await cleanup()
        throw error
    }
    await cleanup()
    return value
}
