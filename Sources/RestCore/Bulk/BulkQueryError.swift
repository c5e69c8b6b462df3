/// How a Bulk API 2.0 query can end other than with its records, as a value; each `description`
/// is one sentence, never a token.
public enum BulkQueryError: Error, Sendable, CustomStringConvertible {
    /// The org refused to create the job: Bulk API 2.0 cannot run this query (aggregates, GROUP BY,
    /// OFFSET, compound fields…) or it is not valid SOQL. REST paging may still run it.
    case unsupportedQuery(RestClientError)
    /// The job ended `Failed`, with the org's `errorMessage`.
    case jobFailed(jobID: String, message: String)
    /// The job ended `Aborted` (by this client or another).
    case jobAborted(jobID: String)
    /// A request of the job's failed (polling, reading results, …).
    case requestFailed(RestClientError)
    /// An answer was not what Bulk API 2.0 sends (a job without an id, a result without its headers).
    case unexpectedAnswer(String)

    public var description: String {
        switch self {
        case .unsupportedQuery(let error):
            return "Bulk API 2.0 cannot run this query: \(error.description)"
        case .jobFailed(let jobID, let message):
            return "The Bulk API 2.0 query job \(jobID) failed: \(RestClientError.oneLine(message))"
        case .jobAborted(let jobID):
            return "The Bulk API 2.0 query job \(jobID) was aborted."
        case .requestFailed(let error):
            return error.description
        case .unexpectedAnswer(let detail):
            return "The org's Bulk API 2.0 answer was not understood: \(detail)"
        }
    }
}
