/// What the org held of a record when a queued delete's check, or an edit's 412, found it changed
/// after the list's copy: who changed it, when, and what. Kept with the change in the outbox, so
/// that a restart asks again with both values instead of sending it.
public struct OrgChange: Hashable, Sendable {
    /// `LastModifiedBy.Name`; empty when the org did not say.
    public let changedBy: String
    /// The org's `LastModifiedDate`.
    public let changedAt: String
    /// `Email: "old" → "new"` for each of the list's columns that differs.
    public let changes: [String]
    /// An edit's conflict: the value of its field the org holds; nil for a delete's.
    public let theirs: String?

    public init(changedBy: String, changedAt: String, changes: [String], theirs: String? = nil) {
        self.changedBy = changedBy
        self.changedAt = changedAt
        self.changes = changes
        self.theirs = theirs
    }
}
