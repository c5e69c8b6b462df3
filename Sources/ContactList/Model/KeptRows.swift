/// Rows of the list for the runner to keep in the local replica (`ContactListEffect.keepRows`): a
/// page as it was applied, its records with the text of the query's columns.
public struct KeptRows: Sendable {
    /// The query the rows answer (the replica's key for the list).
    public let query: String
    /// Each column's field path, in the order of a record's `values`.
    public let columnPaths: [[String]]
    public let records: [ContactRecord]
    /// The list position of the first record; 0 starts the list afresh (its old rows go).
    public let firstPosition: Int
}
