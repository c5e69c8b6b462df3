/// The body of a query, queryAll or next-page response.
public struct QueryResult: Sendable, Decodable {
    /// How many records the whole query matches, over every page.
    public var totalSize: Int
    /// `true` on the last page.
    public var done: Bool
    /// The path of the next page (e.g. `/services/data/v66.0/query/01g…-2000`), `nil` on the last page.
    public var nextRecordsUrl: String?
    /// This page's records, each an object with `"attributes": {"type", "url"}`.
    public var records: [JSONValue]

    public init(totalSize: Int, done: Bool, nextRecordsUrl: String? = nil, records: [JSONValue]) {
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsUrl = nextRecordsUrl
        self.records = records
    }
}
