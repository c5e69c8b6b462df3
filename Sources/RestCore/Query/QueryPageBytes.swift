import JSONKit

/// A query page kept as the bytes that arrived, with where each record lies in them.
///
/// Reading a page this way builds no tree of values: `RecordWriter` copies the fields it needs
/// straight from the bytes, which is what keeps `contact-tui list` fast on large queries. Like
/// `JSONParser`, this hand-written path stays only while `make bench`'s JSON row shows it at least
/// twice as fast as Foundation on the same page.
public struct QueryPageBytes: QueryPageDecodable {
    public let totalSize: Int
    public let done: Bool
    public let nextRecordsUrl: String?
    /// The response body.
    public let body: [UInt8]
    /// Where each record (a JSON object) lies in `body`, in order.
    public let records: [Range<Int>]

    public var recordCount: Int { records.count }

    public static func decodePage(from response: RestResponse) throws(RestClientError) -> QueryPageBytes {
        guard !response.body.isEmpty else { throw .apiResponseIsEmpty }
        return try QueryPageBytes(body: response.body)
    }

    init(body: [UInt8]) throws(RestClientError) {
        var totalSize: Int?
        var done: Bool?
        var nextRecordsUrl: String?
        var records: [Range<Int>]?
        let outcome: Result<Void, JSONFailure> = body.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONFailure) {
                scanner.skipWhitespace()
                guard scanner.current == UInt8(ascii: "{") else {
                    // Valid JSON of another shape is a decoding problem, not a syntax one.
                    _ = try scanner.skipValue()
                    return .success(())
                }
                try scanner.scanObject { scanner, key throws(JSONFailure) in
                    let name = Self.name(of: key, in: buffer)
                    switch name {
                    case "records":
                        guard scanner.current == UInt8(ascii: "[") else { return false }
                        var ranges: [Range<Int>] = []
                        try scanner.scanArray { element throws(JSONFailure) in
                            ranges.append(try element.skipValue())
                        }
                        records = ranges
                        return true
                    case "totalSize", "done", "nextRecordsUrl":
                        let value = try scanner.parseValue()
                        switch (name, value) {
                        case ("totalSize", .number(let number)): totalSize = Int(exactly: number)
                        case ("done", .bool(let flag)): done = flag
                        case ("nextRecordsUrl", .string(let url)): nextRecordsUrl = url
                        default: break
                        }
                        return true
                    default:
                        return false
                    }
                }
                try scanner.expectEnd()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        if case .failure(let failure) = outcome {
            throw .jsonSerialization(failure.description)
        }
        guard let totalSize else { throw .decodingFailed("totalSize: expected a whole number.") }
        guard let done else { throw .decodingFailed("done: expected true or false.") }
        guard let records else { throw .decodingFailed("records: expected an array.") }
        self.totalSize = totalSize
        self.done = done
        self.nextRecordsUrl = nextRecordsUrl
        self.body = body
        self.records = records
    }

    private static func name(of key: Range<Int>, in buffer: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: buffer[key]), as: UTF8.self)
    }

    /// The records parsed into values (for callers that want the tree after all); the first
    /// `limit` of them when a limit is given.
    public func parsedRecords(limit: Int = .max) throws(RestClientError) -> [JSONValue] {
        // Each record is parsed where it lies in the body, with no copy of its bytes.
        let outcome: Result<[JSONValue], JSONFailure> = body.withUnsafeBufferPointer { buffer in
            var values: [JSONValue] = []
            values.reserveCapacity(min(records.count, limit))
            do throws(JSONFailure) {
                for range in records.prefix(limit) {
                    var scanner = JSONScanner(bytes: buffer, index: range.lowerBound)
                    values.append(try scanner.parseValue())
                }
                return .success(values)
            } catch {
                return .failure(error)
            }
        }
        switch outcome {
        case .success(let values): return values
        case .failure(let failure): throw .jsonSerialization(failure.description)
        }
    }
}
