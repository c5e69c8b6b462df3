import MockOrg

extension AnswerGate {
    /// Waits until `count` requests reached the gate (the app sent them); fails after `limit`,
    /// generous because the suite runs on two busy cores.
    package func waitUntilHolding(_ count: Int = 1, within limit: Duration = .seconds(60)) async throws {
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
