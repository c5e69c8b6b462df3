import RestCore

/// An update the org refused with 412 because the record changed after the row was read: what
/// the user typed, what the org holds now, and who changed it when. The conflict's alert carries
/// it, so that its key can write the user's value over theirs.
public struct FieldConflict: Hashable, Sendable {
    /// The record, carrying the `LastModifiedDate` the org holds now (the overwrite's condition).
    public let record: ContactRecord
    public let field: String
    /// The value the user typed, not saved.
    public let yours: String
    /// The value the org holds now, which the row shows.
    public let theirs: String
    /// `LastModifiedBy.Name`; empty when the org did not say.
    public let changedBy: String
    /// `LastModifiedDate` as the org wrote it.
    public let changedAt: String
    /// The queued change that keeps the conflict in the outbox until the user decides (with a
    /// durable outbox): Enter forgets it, `o` sends the value instead.
    var queuedKey: RestRequestID? = nil
}
