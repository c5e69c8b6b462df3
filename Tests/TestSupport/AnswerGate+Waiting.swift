import MockOrg

extension AnswerGate {
    /// Waits until `count` requests reached the gate (the app sent them); fails after `limit`,
    /// generous because the suite runs on two busy cores (a clean clone's suite beside another
    /// took 94 s to reach one), and a request that arrives ends the wait at once.
    package func waitUntilHolding(_ count: Int = 1, within limit: Duration = .seconds(300)) async throws {
        if await !waitUntil(within: limit, { arrivals >= count }) {
            throw TestSupportFailure("\(count) request(s) never reached the answer gate")
        }
    }
}

extension MockOrgConfiguration {
    /// This configuration with its matching requests held at `gate` until the test opens it.
    package func holdingAnswers(at gate: AnswerGate) -> MockOrgConfiguration {
        var configuration = self
        configuration.answerGate = gate
        return configuration
    }
}
