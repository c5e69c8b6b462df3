import RestCore

/// A queued delete whose record the org changed after the replica's copy: who changed it, when,
/// and what changed in the list's columns. Its alert asks: keep the org's (Enter) or delete
/// after all (`o`).
public struct DeleteConflict: Hashable, Sendable {
    let key: RestRequestID
    /// The replica's copy.
    public let record: ContactRecord
    /// `LastModifiedBy.Name`; empty when the org did not say.
    public let changedBy: String
    /// The org's `LastModifiedDate`.
    public let changedAt: String
    /// `Email: "old" → "new"` for each column that differs.
    public let changes: [String]

}

extension DeleteConflict {
    /// The conflict of a queued delete, from what the org held (kept in the outbox).
    init(_ entry: QueuedChange, orgChange: OrgChange) {
        self.init(
            key: entry.key, record: entry.original, changedBy: orgChange.changedBy, changedAt: orgChange.changedAt,
            changes: orgChange.changes)
    }

    /// What the org held, as the outbox keeps it.
    var orgChange: OrgChange { OrgChange(changedBy: changedBy, changedAt: changedAt, changes: changes) }
}

extension Alert {
    /// The alert of a queued delete whose record changed in the org meanwhile.
    static func deleteChangedMeanwhile(_ conflict: DeleteConflict) -> Alert {
        let who = conflict.changedBy.isEmpty ? "someone else" : conflict.changedBy
        let when = conflict.changedAt.isEmpty ? "" : " at " + SalesforceDate.shown(conflict.changedAt)
        let name = conflict.record.displayName
        let changed = conflict.changes.isEmpty ? "" : " (\(conflict.changes.joined(separator: ", ")))"
        // A copy kept without its date cannot show it is the org's latest: the user decides.
        let copy =
            conflict.record.lastModifiedDate == nil
            ? "; your copy does not say when it last changed" : ", after your copy"
        var alert = Alert(
            title: "Changed meanwhile",
            message: "\(name) was changed by \(who)\(when)\(copy)\(changed); your change: delete. "
                + "Enter keeps the org's; o deletes it anyway.")
        alert.deleteConflict = conflict
        return alert
    }
}
