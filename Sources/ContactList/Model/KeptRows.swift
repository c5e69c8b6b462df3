import RestCore

/// Rows of the list for the runner to keep in the local replica (`ContactListEffect.keepRows`):
/// a page of the org's records as the org answered it, or what an incremental sync changed.
public struct KeptRows: Sendable {
    /// What changes in the replica's copy of the list.
    public enum Change: Sendable {
        /// A page's records, from list position `firstPosition` (0 starts the list afresh: its old
        /// rows go); `completesList` when it is the last page, so the list is now whole.
        case page(records: [JSONValue], firstPosition: Int, completesList: Bool)
        /// An incremental sync's changes to a whole list.
        case delta(ReplicaDelta)
    }

    /// The query the rows answer (the replica's key for the list).
    public let query: String
    public let change: Change
    /// How the rows are kept ready for the list beside their JSON; nil keeps the JSON only.
    public let format: ReadyRowFormat?

    public init(query: String, change: Change, format: ReadyRowFormat? = nil) {
        self.query = query
        self.change = change
        self.format = format
    }
}
