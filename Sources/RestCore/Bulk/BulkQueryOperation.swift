/// What a Bulk API 2.0 query job reads: live records, or deleted and archived ones too.
public enum BulkQueryOperation: String, Sendable, CaseIterable {
    case query
    /// With the records in the Recycle Bin (`--all-rows`).
    case queryAll
}
