import Foundation

/// What the list tells the user: the status line, the alerts waiting to be dismissed, and the
/// log of both that `!` shows.
///
/// Invariant: every status message and every alert is also in `messages`, stamped with `now()`,
/// and each failure an alert reports counts once in `failedChangeCount` (a bulk delete's later
/// refusals join its alert in place, so entries are counted, not alerts).
public struct Notices: Sendable {
    /// The clock messages are stamped with; tests set their own.
    public var now: @Sendable () -> Date = { Date() }
    /// The last thing worth telling the user; each new one is kept in `messages` too (`!`).
    public internal(set) var statusMessage = "Loading…" {
        didSet {
            if statusMessage != oldValue { messages.record(statusMessage, at: now()) }
        }
    }
    /// The last messages, whole, newest first: what `!` shows.
    public internal(set) var messages = MessageLog()
    /// Alerts waiting to be dismissed, the one shown first.
    public internal(set) var alerts: [Alert] = [] {
        didSet {
            let added = alertEntryCount - oldValue.reduce(0) { $0 + $1.entryCount }
            if added > 0 { failedChangeCount += added }
            guard alerts.count > oldValue.count else { return }
            for alert in alerts.suffix(alerts.count - oldValue.count) {
                messages.record(
                    ([alert.title + ": " + alert.message] + alert.details).joined(separator: " "), at: now())
            }
        }
    }
    /// The changes of this session that failed or whose outcome stayed unknown, each reported by
    /// an alert (dismissed or not): the app's exit code is 1 when there are any.
    public internal(set) var failedChangeCount = 0

    /// The failures the waiting alerts report, one per detail line of a bulk delete's alert.
    public var alertEntryCount: Int { alerts.reduce(0) { $0 + $1.entryCount } }
}
