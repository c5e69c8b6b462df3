/// A row taken out of the list by `d` while its DELETE is in flight: the record
/// and the row it was on, so that a failure can put it back.
public struct DeletedItemInfo: Hashable, Sendable {
    public let record: ContactRecord
    public let row: Int
    /// The query of the list it was deleted from: a refusal puts the row back only into that list.
    public var query: String? = nil
}
