import ContactList

/// What the user must still be told once the list has quit and the terminal is
/// restored: changes sent whose outcome never came back, and alerts nobody dismissed.
struct QuitReport: Sendable {
    var changesInFlight: [ChangeInFlight]
    var alerts: [Alert]
    /// The changes of the session that failed or whose outcome stayed unknown.
    var failedChangeCount = 0
    /// The changes made offline and not sent yet: they stay in the outbox for the next start.
    var queuedChangeCount = 0
    /// The changes in conflict with the org's newer copy: they stay in the outbox, and the next
    /// start asks again.
    var conflictCount = 0

    /// Lines for standard error, each alert whole: its title and message, then each record it
    /// lists on a line of its own (`StandardError` makes server text inert).
    var alertLines: [String] {
        alerts.flatMap { alert in ["\(alert.title): \(alert.message)"] + alert.details.map { "  \($0)" } }
            + queuedLines
    }

    /// What stays in the outbox for the next start: the changes made offline, and those in conflict.
    private var queuedLines: [String] {
        var lines: [String] = []
        switch queuedChangeCount {
        case 0: break
        case 1: lines.append("1 change was made offline and not sent: it syncs at the next start.")
        case let count: lines.append("\(count) changes were made offline and not sent: they sync at the next start.")
        }
        switch conflictCount {
        case 0: break
        case 1: lines.append("1 change is in conflict with the org's copy and was not sent: the next start asks again.")
        case let count:
            lines.append(
                "\(count) changes are in conflict with the org's copy and were not sent: the next start asks again.")
        }
        return lines
    }

    /// The failure that ends the command (exit 1) when an outcome is unknown, one line per change,
    /// or when a change of the session failed.
    var failure: CommandFailure? {
        var lines = changesInFlight.map { change in
            "\(change.description) was sent; its outcome is unknown."
        }
        if failedChangeCount > 0 {
            let count = failedChangeCount
            lines.append("\(count) change\(count == 1 ? "" : "s") of this session failed or had an unknown outcome.")
        }
        return lines.isEmpty ? nil : CommandFailure(sentences: lines, exitCode: CommandFailure.runtimeExitCode)
    }
}
