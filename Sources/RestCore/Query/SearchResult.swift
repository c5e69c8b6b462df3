/// The body of a SOSL search response: the records found, of every RETURNING object in turn, each
/// with `"attributes": {"type", "url"}`.
public struct SearchResult<Record: Decodable & Sendable>: Sendable, Decodable {
    public var searchRecords: [Record]

    public init(searchRecords: [Record]) {
        self.searchRecords = searchRecords
    }

    /// Decodes a search response.
    public static func decode(_ response: RestResponse) throws(RestClientError) -> SearchResult<Record> {
        try response.decode(SearchResult<Record>.self)
    }
}
