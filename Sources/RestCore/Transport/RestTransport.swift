import HTTPTypes

/// Moves one HTTP exchange. `RestClient` builds the request (URL, auth, headers) and interprets
/// the answer; a transport only sends bytes and reports what came back. The real one is
/// `AsyncHTTPClientTransport`; tests may plug in an in-memory one.
public protocol RestTransport: Sendable {
    /// Sends the request and returns the complete answer, whatever its status.
    /// Fails only with `.transportFailed`, `.timedOut` or `.cancelled`.
    func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse
    /// Releases connections and threads; called once by `RestClient.shutdown()`.
    func shutdown() async
}

/// One HTTP request as a transport sees it.
public struct TransportRequest: Sendable {
    public var method: RestMethod
    /// The absolute, percent-encoded URL.
    public var url: String
    /// The host to name in a transport error.
    public var host: String
    public var headers: HTTPFields
    public var body: [UInt8]?
    public var timeout: Duration
    /// Looks at the head of a 200 answer's body while it arrives; a transport may ignore it.
    var bodyHeadObserver: BodyHeadObserver?
    /// A decoded-size limit tighter than the transport's own; a transport may ignore it.
    var responseLimit: ResponseLimit?
    /// Whether a 200 answer may come back before its body, to be read as it arrives
    /// (`RestResponse.arrivingBody`); a transport may ignore it and return the body whole.
    var streamsBody = false

    public init(
        method: RestMethod, url: String, host: String, headers: HTTPFields, body: [UInt8]?,
        timeout: Duration
    ) {
        self.method = method
        self.url = url
        self.host = host
        self.headers = headers
        self.body = body
        self.timeout = timeout
    }
}

/// One HTTP answer as a transport got it.
public typealias TransportResponse = RestResponse
