/// What the org held of a queued delete's record when its check found it changed after the
/// replica's copy: who changed it, when, and what. Kept with the change in the outbox, so that a
/// restart asks again with both values instead of sending it.
public struct OrgChange: Hashable, Sendable {
    /// `LastModifiedBy.Name`; empty when the org did not say.
    public let changedBy: String
    /// The org's `LastModifiedDate`.
    public let changedAt: String
    /// `Email: "old" → "new"` for each of the list's columns that differs.
    public let changes: [String]

    public init(changedBy: String, changedAt: String, changes: [String]) {
        self.changedBy = changedBy
        self.changedAt = changedAt
        self.changes = changes
    }
}
