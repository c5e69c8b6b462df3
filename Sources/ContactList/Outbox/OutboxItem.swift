import Foundation

/// One change `p` lists: a change not settled, whether its outcome is being read back, and since
/// when it waits.
public struct OutboxItem: Hashable, Sendable {
    public let change: ChangeInFlight
    /// Whether its answer was lost, or a process that is gone left it: the org is read back.
    public let isUnknown: Bool
    /// When it was made (a left change: when the process that is gone made it).
    public let since: Date?
    /// Where a change made offline stands; nil for a change sent.
    public var queuedState: QueuedChange.State? = nil
    /// In conflict: what the org holds against the list's copy, shown after the record.
    public var orgChange: OrgChange? = nil

    /// `create`, `edit`, `delete` or `undelete`: the change's kind (`ChangeInFlight.kindName`),
    /// an update named for `e`, which makes it.
    var kindName: String {
        if case .update = change.kind { return "edit" }
        return change.kindName
    }

    /// `sent` (waiting for the org's answer), `unknown` (being read back), or a queued change's
    /// `queued`, `checking` or `conflict`.
    var stateName: String { queuedState?.rawValue ?? (isUnknown ? "unknown" : "sent") }

    /// The record as the list names it: an edit names its field, a create has no Id yet; a
    /// conflict says who changed what in the org (yours → the org's).
    var recordName: String {
        let record = change.record
        let name = record.displayName.isEmpty ? "(no name)" : record.displayName
        let named: String
        switch change.kind {
        case .create: named = name
        case .update(let field): named = "\(name) (\(record.id)) · \(field)"
        case .delete, .undelete: named = "\(name) (\(record.id))"
        }
        guard let orgChange else { return named }
        let who = orgChange.changedBy.isEmpty ? "someone else" : orgChange.changedBy
        let what = orgChange.changes.isEmpty ? "" : ": " + orgChange.changes.joined(separator: ", ")
        return "\(named) · changed by \(who)\(what)"
    }
}
