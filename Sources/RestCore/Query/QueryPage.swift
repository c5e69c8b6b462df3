/// The body of a query, queryAll or next-page response, with records decoded as `Record`.
public struct QueryPage<Record: Decodable & Sendable>: Sendable, Decodable {
    /// How many records the whole query matches, over every page.
    public var totalSize: Int
    /// `true` on the last page.
    public var done: Bool
    /// The path of the next page (e.g. `/services/data/v66.0/query/01g…-2000`), `nil` on the last page.
    public var nextRecordsUrl: String?
    /// This page's records (as JSON, each an object with `"attributes": {"type", "url"}`).
    public var records: [Record]

    public init(totalSize: Int, done: Bool, nextRecordsUrl: String? = nil, records: [Record]) {
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsUrl = nextRecordsUrl
        self.records = records
    }
}

/// A query page with records as `JSONValue` objects.
public typealias QueryResult = QueryPage<JSONValue>

/// A page of query results as read from a response, pointing to the next page.
public protocol QueryPageDecodable: Sendable {
    static func decodePage(from response: RestResponse) throws(RestClientError) -> Self
    var done: Bool { get }
    var nextRecordsUrl: String? { get }
    /// How many records the page holds (checked against the page size asked for).
    var recordCount: Int { get }
}

extension QueryPage: QueryPageDecodable {
    public var recordCount: Int { records.count }

    public static func decodePage(from response: RestResponse) throws(RestClientError) -> QueryPage<Record> {
        try decode(response)
    }

    /// Decodes a page from a response; pages of `JSONValue` records take the fast parser.
    public static func decode(_ response: RestResponse) throws(RestClientError) -> QueryPage<Record> {
        guard Record.self == JSONValue.self else {
            return try response.decode(QueryPage<Record>.self)
        }
        let page = try QueryResult(json: response.asJSONValue())
        return page as! QueryPage<Record>
    }
}

extension QueryPage where Record == JSONValue {
    /// Reads a page from parsed JSON, checking the shape as `Decodable` would.
    init(json: JSONValue) throws(RestClientError) {
        guard case .object(let members) = json else {
            throw .decodingFailed("a query page must be a JSON object.")
        }
        guard case .number(let totalSize) = members["totalSize"], let count = Int(exactly: totalSize) else {
            throw .decodingFailed("totalSize: expected a whole number.")
        }
        guard case .bool(let done) = members["done"] else {
            throw .decodingFailed("done: expected true or false.")
        }
        guard case .array(let records) = members["records"] else {
            throw .decodingFailed("records: expected an array.")
        }
        var next: String?
        switch members["nextRecordsUrl"] {
        case .none, .null?: next = nil
        case .string(let url)?: next = url
        default: throw .decodingFailed("nextRecordsUrl: expected a string.")
        }
        self.init(totalSize: count, done: done, nextRecordsUrl: next, records: records)
    }
}
