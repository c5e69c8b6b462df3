import Testing

@testable import MockOrg

/// Searches wait while the search bits are built, and only then.
@Suite struct SearchSignaturesGateTests {
    @Test func aSearchWaitsWhileTheBitsAreBuiltAndNotAfter() async throws {
        let gate = SearchSignaturesGate()
        await gate.wait()  // no build: at once
        gate.close()
        let waiter = Task {
            await gate.wait()
            return ContinuousClock.now
        }
        try await Task.sleep(for: .milliseconds(200))
        let opened = ContinuousClock.now
        gate.open()
        let passed = await waiter.value
        #expect(passed >= opened, "the search went on before the bits were built")
        gate.close()  // a build that ended does not start again
        await gate.wait()
    }
}
