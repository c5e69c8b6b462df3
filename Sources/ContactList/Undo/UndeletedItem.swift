/// A record `U` takes back out of the Recycle Bin, while its undelete is in flight.
public struct UndeletedItem: Sendable, Hashable {
    public let record: ContactRecord
    /// The query of the list it was deleted from: a refusal takes its row away only there.
    public let query: String?
}
