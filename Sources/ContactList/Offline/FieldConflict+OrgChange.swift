/// An edit's conflict as the outbox keeps it, and back: the same two conversions as
/// `DeleteConflict`'s, each beside its own type. One shared conversion would only share who and
/// when; what changed is the edit's one field here and the list's columns there.
extension FieldConflict {
    /// The conflict of a queued edit of `field` to `yours`, from what the org held (kept in the
    /// outbox).
    init(_ change: QueuedChange, field: String, yours: String, orgChange: OrgChange) {
        self.init(
            record: change.original, field: field, yours: yours, theirs: orgChange.theirs ?? "",
            changedBy: orgChange.changedBy, changedAt: orgChange.changedAt, queuedKey: change.key)
    }

    /// What the org held, as the outbox keeps it: the field's two values.
    var orgChange: OrgChange {
        OrgChange(
            changedBy: changedBy, changedAt: changedAt, changes: ["\(field): \"\(yours)\" → \"\(theirs)\""],
            theirs: theirs)
    }
}
