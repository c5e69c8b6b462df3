/// What one query page may hold, checked where pages are read: its decoded size (by the
/// transport, before any tree is built) and its record count (against the page size asked for).
/// The client-wide body limit (512 MiB) is far too loose for a page, as reading one into
/// `JSONValue` trees takes about nine times its decoded size.
public enum QueryPageLimit {
    /// A page of 2,000 records is a few MB (wide records of about 1 KB each); 64 MiB is a generous
    /// multiple of that (records of 30 KB each), while its trees stay well under a gigabyte.
    public static let maximumBytes = 64 << 20

    /// The limit as a request carries it to the transport.
    static let response = ResponseLimit(bytes: maximumBytes, name: "query page")

    /// Refuses a page of more records than the `pageSize` asked for (`batchSize`, clamped as the
    /// request was): the rest of the query is still there to be read, nothing is applied from it.
    public static func check(recordCount: Int, pageSize: Int) throws(RestClientError) {
        let asked = RestClient.clampedBatchSize(pageSize)
        guard recordCount <= asked else {
            throw .decodingFailed(
                "the query page holds \(recordCount) records, more than the \(asked) asked for; it was not read.")
        }
    }
}

/// A size limit for one kind of answer, tighter than the transport's own, and what to call the
/// answer when it is over.
struct ResponseLimit: Sendable, Hashable {
    var bytes: Int
    /// "query page".
    var name: String

    /// The sentence of an answer over the limit.
    var refusal: String {
        "the \(name) is larger than \(bytes >> 20) MiB, more than any page of 2000 records; it was not read."
    }
}
