import HTTPTypes

/// One call to the REST API, as a `Sendable` value. Make it with a `RestClient` factory
/// (`request(forQuery:)`, `requestForDelete(withObjectType:objectId:)`, …) or by hand.
public struct RestRequest: Sendable, Identifiable {
    /// Unique for every request value made by a factory or `init`; copies share it.
    public let id: RestRequestID
    public var method: RestMethod
    /// The percent-encoded path below the instance URL, e.g. `/services/data/v66.0/query`.
    public var path: String
    /// Query parameters, not yet encoded: the client percent-encodes them when sending.
    public var queryItems: [(name: String, value: String)]
    /// Extra headers for this request; they win over the client's default headers.
    public var headers: HTTPFields
    public var body: [UInt8]?
    /// The time this request may take; `nil` uses the configuration's timeout.
    public var timeout: Duration?
    /// Why a factory could not build a valid request (e.g. an empty query); `send` reports it.
    var invalidReason: String?
    /// Looks at the head of a 200 answer's body while it arrives (a query page's next path).
    var bodyHeadObserver: BodyHeadObserver?
    /// A decoded-size limit tighter than the transport's own (a query page's).
    var responseLimit: ResponseLimit?
    /// Whether a 200 answer's body is handed over as it arrives (`RestClient.stream`).
    var streamsBody = false
    /// The body made for the session's token, for a call that carries it in the body (SOAP's
    /// `SessionHeader`): made again with the new token when the session is renewed.
    var sessionBody: (@Sendable (String) -> [UInt8])?

    public init(
        method: RestMethod, path: String, queryItems: [(name: String, value: String)] = [],
        headers: HTTPFields = [:], body: [UInt8]? = nil, timeout: Duration? = nil
    ) {
        self.id = RestRequestID()
        self.method = method
        self.path = path
        self.queryItems = queryItems
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }

    /// `"GET /services/data/v66.0/query"`: for logs and messages (never holds a token).
    public var summary: String { "\(method.rawValue) \(path)" }
}
