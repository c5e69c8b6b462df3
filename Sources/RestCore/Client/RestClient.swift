import Foundation
import HTTPTypes
import Synchronization

/// A Salesforce REST client: builds requests with the SDK's factory names and sends them over
/// one long-lived HTTP client with keep-alive connections.
///
/// Every way of sending (async, completion closure, delegate, record sequence) runs the same
/// core path: validation, the `shouldMakeRequest` gate, dispatch (parallel or serial), the
/// exchange with one shared session refresh on `401 INVALID_SESSION_ID`, and the hooks.
/// Each send completes exactly once.
public final class RestClient: Sendable {
    let session: Session
    let transport: any RestTransport
    let dispatcher: SerialDispatcher?
    let versionFallback = APIVersionFallback()
    /// The latest `Sforce-Limit-Info` api-usage heard from the org.
    let latestAPIUsage = Mutex<APIUsage?>(nil)
    /// Whether the host has answered at least once (a lost connection after that is worth a retry).
    let hostHasAnswered = Atomic<Bool>(false)
    /// Why nothing may be sent to this instance (an `http://` URL off loopback), decided once:
    /// the instance URL never changes after the client is made.
    let cleartextRefusal: String?

    /// A client over async-http-client. Connecting may take half the request timeout, at most 5 s
    /// (an unreachable org is reported that soon).
    /// - Parameters:
    ///   - proxies: the proxies to go through, e.g. `ProxySettings(environment:)`; none by default.
    ///   - trusting: certificate authorities trusted besides the system's roots.
    public convenience init(
        configuration: RestClientConfiguration, proxies: ProxySettings = .direct,
        trusting extraCertificates: TrustedCertificates? = nil
    ) {
        self.init(
            configuration: configuration,
            transport: AsyncHTTPClientTransport(
                connectTimeout: min(configuration.timeout / 2, .seconds(5)), proxies: proxies,
                trusting: extraCertificates))
    }

    /// A client over the given transport (tests use an in-memory one).
    public init(configuration: RestClientConfiguration, transport: any RestTransport) {
        self.transport = transport
        self.session = Session(configuration: configuration, transport: transport)
        self.dispatcher = configuration.dispatch == .serial ? SerialDispatcher() : nil
        self.cleartextRefusal = CleartextPolicy.refusal(for: configuration.instanceURL)
    }

    /// The configuration in use, with the latest access token after a refresh.
    public var configuration: RestClientConfiguration {
        session.configuration
    }

    /// The API version requests built without one go to now (the org's newest after a fallback).
    public var apiVersion: APIVersion {
        session.apiVersion
    }

    /// The org's API usage as its latest answer reported it; nil until an answer carries it.
    public var apiUsage: APIUsage? {
        latestAPIUsage.withLock { $0 }
    }

    /// How many session refreshes this client has started.
    public var refreshCount: Int {
        session.refreshCount
    }

    /// Sends `request` and returns the answer when its status is 2xx.
    /// Any other status throws `.apiInvocationFailed` with Salesforce's error array.
    public func send(_ request: RestRequest) async throws(RestClientError) -> RestResponse {
        let ticket = dispatcher?.takeTicket()
        return try await perform(request, ticket: ticket).get()
    }

    /// Closes the connections. Call once when done; sends after it fail.
    public func shutdown() async {
        await transport.shutdown()
    }

    /// The one core path of every send. `ticket` is the request's place in the serial queue,
    /// taken when the caller sent it (so FIFO order is the order of the calls).
    func perform(_ request: RestRequest, ticket: UInt64?) async -> Result<RestResponse, RestClientError> {
        let configuration = session.configuration
        let result: Result<RestResponse, RestClientError>
        if let reason = request.invalidReason {
            dispatcher?.abandon(ticket)
            result = .failure(.invalidRequest(reason))
        } else if let gate = configuration.shouldMakeRequest, !gate(request) {
            dispatcher?.abandon(ticket)
            result = .failure(.blockedByGate("\(request.summary) is not allowed by this client's configuration."))
        } else if let dispatcher, let ticket {
            if await dispatcher.waitForTurn(ticket) {
                result = await exchange(request)
                dispatcher.finish(ticket)
            } else {
                result = .failure(.cancelled)
            }
        } else {
            result = await exchange(request)
        }
        switch result {
        case .success(let response): configuration.onSuccess?(request, response)
        case .failure(let error): configuration.onFailure?(request, error)
        }
        return result
    }

    /// One exchange, and after a 404 on an API version the org does not list, one replay on the
    /// newest version it does list; that version is then the client's for every later request.
    private func exchange(_ request: RestRequest) async -> Result<RestResponse, RestClientError> {
        let result = await exchangeRenewing(request)
        guard case .failure(let error) = result, error.httpStatus == 404,
            error.salesforceErrors.contains(where: { $0.errorCode == "NOT_FOUND" }),
            let (requested, rest) = APIVersionFallback.version(inPath: request.path),
            let served = await versionFallback.replacement(for: requested, listing: { await self.servedVersions() })
        else {
            return result
        }
        session.useAPIVersion(served, insteadOf: requested)
        var replay = request
        replay.path = RestClient.dataRoot + served.description + rest
        return await exchangeRenewing(replay)
    }

    /// The versions the org lists (`"60.0"`), or none when it does not answer with its list.
    private func servedVersions() async -> [String] {
        struct Version: Decodable { var version: String }
        guard case .success(let response) = await exchangeRenewing(requestForVersions()),
            let versions = try? response.decode([Version].self)
        else { return [] }
        return versions.map(\.version)
    }

    /// One attempt, and after a `401 INVALID_SESSION_ID` one refresh (shared) and one replay.
    private func exchangeRenewing(_ request: RestRequest) async -> Result<RestResponse, RestClientError> {
        if Task.isCancelled { return .failure(.cancelled) }
        let token = session.configuration.accessToken
        let first = await attempt(request, token: token)
        guard case .failure(let error) = first, error.isInvalidSession else {
            // Any answer but a 401 means the org took this token: a later 401 is an expiry.
            if case .success = first { session.noteAccepted(token) }
            return first
        }
        switch await session.token(replacing: token) {
        case .success(let newToken):
            if Task.isCancelled { return .failure(.cancelled) }
            return await attempt(request, token: newToken)
        case .failure(let refreshError):
            return .failure(refreshError)
        }
    }

    /// Sends once with `token`, following redirects only while they stay on the instance's
    /// scheme, host and port (a redirect elsewhere is reported, never followed with the token).
    /// Every answer's API usage is recorded, and that the host has answered.
    func attemptOnce(
        _ request: RestRequest, token: String, timeout: Duration
    ) async -> Result<RestResponse, RestClientError> {
        let configuration = session.configuration
        let endpoint = Endpoint(instanceURL: configuration.instanceURL)
        guard request.path.hasPrefix("/") else {
            return .failure(.invalidRequest("the path \"\(request.path)\" is not below the instance URL."))
        }
        if let cleartextRefusal {
            return .failure(.invalidRequest(cleartextRefusal))
        }
        var outgoing = TransportRequest(
            method: request.method, url: Self.url(for: request, endpoint: endpoint), host: endpoint.host,
            headers: Self.headers(for: request, token: token, configuration: configuration),
            body: request.sessionBody?(token) ?? request.body,
            timeout: timeout)
        outgoing.bodyHeadObserver = request.bodyHeadObserver
        outgoing.responseLimit = request.responseLimit
        outgoing.streamsBody = request.streamsBody
        for _ in 0...Self.maximumRedirects {
            let response: RestResponse
            do {
                let pending = outgoing
                response = try await withTimeout(pending.timeout) { () async throws(RestClientError) in
                    try await self.transport.execute(pending)
                }
            } catch {
                return .failure(Task.isCancelled ? .cancelled : error)
            }
            record(response)
            if (200...299).contains(response.status) {
                return .success(response)
            }
            guard Self.isRedirect(response.status), let location = response.headers[.location],
                let target = URL(string: location, relativeTo: URL(string: outgoing.url))?.absoluteURL,
                endpoint.isSameOrigin(target)
            else {
                return .failure(
                    Self.failure(from: response).redacting([token] + session.secrets))
            }
            outgoing.url = target.absoluteString
            if response.status == 303 {
                outgoing.method = .GET
                outgoing.body = nil
            }
        }
        return .failure(.invalidRequest("the server redirected more than \(Self.maximumRedirects) times."))
    }

    static let maximumRedirects = 5

    private static func isRedirect(_ status: Int) -> Bool {
        [301, 302, 303, 307, 308].contains(status)
    }

    static func url(for request: RestRequest, endpoint: Endpoint) -> String {
        endpoint.base + target(of: request)
    }

    /// The request's path with its query items appended (after any query the path already has).
    static func target(of request: RestRequest) -> String {
        guard !request.queryItems.isEmpty else { return request.path }
        return request.path + (request.path.contains("?") ? "&" : "?") + PercentEncoding.encodePairs(request.queryItems)
    }

    /// Authorization and Accept first, then the default headers, then the request's own
    /// (a later header replaces an earlier one of the same name).
    static func headers(
        for request: RestRequest, token: String, configuration: RestClientConfiguration
    ) -> HTTPFields {
        var headers: HTTPFields = [
            .authorization: "Bearer \(token)",
            .accept: "application/json",
            .acceptEncoding: "gzip",
            .userAgent: "RestCore/1.0 (contact-tui)",
        ]
        if request.body != nil {
            headers[.contentType] = "application/json"
        }
        for field in configuration.defaultHeaders + request.headers {
            headers[field.name] = field.value
        }
        return headers
    }

    /// A non-2xx answer as an error: Salesforce's error array when the body is one (a SOAP fault
    /// becomes one error), else the raw text.
    static func failure(from response: RestResponse) -> RestClientError {
        var errors = (try? response.decode([SalesforceError].self)) ?? []
        if errors.isEmpty, response.headers[.contentType]?.contains("xml") == true,
            let fault = SOAPResponseReader.fault(in: response.body)
        {
            errors = [fault.salesforceError]
        }
        let rawBody = errors.isEmpty && !response.body.isEmpty ? response.asString() : nil
        return .apiInvocationFailed(
            status: response.status, headers: response.headers, errors: errors, rawBody: rawBody)
    }
}

extension RestClientError {
    /// `401` with `INVALID_SESSION_ID` (REST), or `500` with that fault (SOAP): the access token
    /// expired or was revoked.
    var isInvalidSession: Bool {
        guard case .apiInvocationFailed(let status, _, let errors, _) = self, status == 401 || status == 500 else {
            return false
        }
        return errors.contains { $0.errorCode == "INVALID_SESSION_ID" }
    }
}
