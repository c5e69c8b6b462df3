/// Runs `operation`, failing with `.timedOut` (and cancelling it) when it takes longer than `limit`.
/// Package-wide, so that a token provider outside RestCore bounds its work the same way.
package func withTimeout<Value: Sendable>(
    _ limit: Duration, _ operation: @escaping @Sendable () async throws(RestClientError) -> Value
) async throws(RestClientError) -> Value {
    let outcome: Result<Value, RestClientError> = await withTaskGroup(
        of: Result<Value, RestClientError>?.self
    ) { group in
        group.addTask {
            do throws(RestClientError) {
                return .success(try await operation())
            } catch {
                return .failure(error)
            }
        }
        group.addTask {
            do {
                try await Task.sleep(for: limit)
                return .failure(.timedOut)
            } catch {
                return nil  // cancelled: the operation finished first, or the caller was cancelled
            }
        }
        var first: Result<Value, RestClientError>?
        while first == nil, let next = await group.next() {
            first = next
        }
        group.cancelAll()
        return first ?? .failure(.cancelled)
    }
    return try outcome.get()
}
