import HTTPTypes

/// Everything that can go wrong with a request, as a value. `RestClient.send` throws only this.
///
/// Each case's `description` is one sentence fit to show a person; none ever contains a token.
public enum RestClientError: Error, Sendable, CustomStringConvertible {
    /// The server answered with a status outside 200...299. `errors` holds Salesforce's error
    /// array when the body is one; otherwise `rawBody` holds the body as text.
    case apiInvocationFailed(
        status: Int, headers: HTTPFields, errors: [SalesforceError], rawBody: String?)
    /// The server answered with no body where data was expected.
    case apiResponseIsEmpty
    /// The body is JSON but not of the expected shape.
    case decodingFailed(String)
    /// The body is not JSON.
    case jsonSerialization(String)
    /// The request cannot be sent as it is (e.g. an empty query).
    case invalidRequest(String)
    /// The configured `shouldMakeRequest` gate refused the request; nothing was sent.
    case blockedByGate(String)
    /// The session expired and could not be refreshed.
    case authenticationFailed(String)
    /// No HTTP answer: the host could not be reached or the connection broke.
    case transportFailed(host: String, reason: String)
    /// Every connection to the host stayed busy with other requests until the wait for one ran
    /// out (the connect timeout); the request was not sent.
    case connectionPoolBusy(host: String)
    /// No complete answer within the request's timeout.
    case timedOut
    /// The request was cancelled before it completed.
    case cancelled

    public var description: String {
        switch self {
        case .apiInvocationFailed(let status, _, let errors, let rawBody):
            if let limit = errors.first(where: { $0.errorCode == "REQUEST_LIMIT_EXCEEDED" }) {
                return Self.requestLimitSentence(limit)
            }
            if let cursor = errors.first(where: { $0.errorCode == Self.invalidQueryLocator }) {
                return "The org's query cursor expired (INVALID_QUERY_LOCATOR: \(Self.oneLine(cursor.message)))."
            }
            if let first = errors.first {
                // The org's reason first, then what it refused: a status line cut short keeps the reason.
                let more = errors.count > 1 ? "; and \(errors.count - 1) more" : ""
                let (reason, statement) = Self.reasonFirst(first.message)
                let refused = statement.map { "; the statement: \(Self.oneLine($0))" } ?? ""
                return "\(reason) (\(first.errorCode), HTTP \(status)\(more))\(refused)"
            }
            if let rawBody, !rawBody.isEmpty {
                return "The server answered HTTP \(status) with an unexpected body: \(Self.oneLine(rawBody))"
            }
            return "The server answered HTTP \(status) with no explanation."
        case .apiResponseIsEmpty:
            return "The server answered with an empty body where data was expected."
        case .decodingFailed(let detail):
            return "The server's answer has an unexpected shape: \(Self.oneLine(detail))"
        case .jsonSerialization(let detail):
            return "The server's answer is not valid JSON: \(Self.oneLine(detail))"
        case .invalidRequest(let detail):
            return "The request is invalid: \(Self.oneLine(detail))"
        case .blockedByGate(let detail):
            return "The request was blocked before it was sent: \(Self.oneLine(detail))"
        case .authenticationFailed(let detail):
            return "Authentication failed: \(Self.oneLine(detail))"
        case .transportFailed(let host, let reason):
            return "Could not reach \(host): \(Self.oneLine(reason))"
        case .connectionPoolBusy(let host):
            return "No connection to \(host) came free in time (too many requests in flight); the request was not sent."
        case .timedOut:
            return "The request timed out."
        case .cancelled:
            return "The request was cancelled."
        }
    }

    /// Names the limit: the daily total (`TotalRequests Limit exceeded.`) or another one, such
    /// as the concurrent long-request limit.
    private static func requestLimitSentence(_ error: SalesforceError) -> String {
        let detail = "(REQUEST_LIMIT_EXCEEDED: \(oneLine(error.message)))"
        if error.message.contains("TotalRequests") {
            return "The org's daily API request limit is used up \(detail)"
        }
        return "The org refused the request because one of its API limits is reached \(detail)"
    }

    /// Salesforce's error array of an `apiInvocationFailed`, empty for every other case.
    public var salesforceErrors: [SalesforceError] {
        if case .apiInvocationFailed(_, _, let errors, _) = self { return errors }
        return []
    }

    /// The HTTP status of an `apiInvocationFailed`, `nil` for every other case.
    public var httpStatus: Int? {
        if case .apiInvocationFailed(let status, _, _, _) = self { return status }
        return nil
    }

    /// Squeezes server text into one short line: whitespace runs become one space, long text is cut.
    /// A Salesforce message split into its reason and the statement it quotes: a query error reads
    /// "statement, caret, `ERROR at Row:1:Column:53`, reason", and the reason is what matters.
    static func reasonFirst(_ message: String) -> (reason: String, statement: String?) {
        guard let at = message.range(of: "ERROR at Row:") else { return (oneLine(message), nil) }
        let reason = oneLine(String(message[at.lowerBound...]))
        let statement = message[..<at.lowerBound].split(whereSeparator: \.isNewline)
            .first { line in line.contains { !$0.isWhitespace && $0 != "^" } }
        return (reason, statement.map(String.init))
    }

    package static func oneLine(_ text: String, limit: Int = 200) -> String {
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        var line = words.joined(separator: " ")
        if line.count > limit {
            line = String(line.prefix(limit)) + "…"
        }
        return line
    }
}
