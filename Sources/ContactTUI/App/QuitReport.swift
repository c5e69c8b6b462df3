import ContactList

/// What the user must still be told once the list has quit and the terminal is
/// restored: changes sent whose outcome never came back, and alerts nobody dismissed.
struct QuitReport: Sendable {
    var changesInFlight: [ChangeInFlight]
    var alerts: [Alert]

    /// Lines for standard error, each one sentence (`StandardError` makes server text inert).
    var alertLines: [String] {
        alerts.map { "\($0.title): \($0.message)" }
    }

    /// The failure that ends the command when an outcome is unknown, one line per change.
    var failure: CommandFailure? {
        guard !changesInFlight.isEmpty else { return nil }
        let lines = changesInFlight.map { change in
            "\(change.description) was sent; its outcome is unknown."
        }
        return CommandFailure(sentences: lines, exitCode: CommandFailure.runtimeExitCode)
    }
}
