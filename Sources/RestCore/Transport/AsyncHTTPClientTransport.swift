import AsyncHTTPClient
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// The real transport: long-lived async-http-client `HTTPClient`s with keep-alive connection
/// pools, one per proxy decision (async-http-client's proxy is per client, and the instance and a
/// login host may be proxied differently). Redirects are never followed here (`RestClient`
/// decides, so that the Authorization header never goes to another host). gzip answers are
/// decoded once they are complete (`GzipDecoder`), up to the same size limit as any body.
///
/// Each pool keeps up to `connectionsPerHost` HTTP/1 connections per host: a request that finds
/// them all busy waits for one, and async-http-client counts that wait against the connect
/// timeout, so the pool is sized for many requests in flight (a bulk delete), and a wait that runs
/// out is reported as `.connectionPoolBusy`, not as an unreachable host.
///
/// A connection that could not be made is tried again here rather than by async-http-client's
/// pool (`connectsAgain(after:)`), so that a certificate the client does not trust is refused at
/// once instead of being retried until the connect timeout.
public final class AsyncHTTPClientTransport: RestTransport {
    private enum State {
        case running([ProxyServer?: HTTPClient])
        case shutDown
    }

    /// Each `HTTPClient` is made on the first request that needs it, so a `RestClient` used only
    /// for its factories holds no connection pool.
    private let state = Mutex(State.running([:]))
    /// The origins (`host:port`) that have answered at least once: only for those is a refused
    /// connection tried again until the connect timeout (a server restarting); a host that never
    /// answered is reported at once.
    private let answeredOrigins = Mutex(Set<String>())
    private let configuration: HTTPClient.Configuration
    private let proxies: ProxySettings
    /// The largest body accepted, after decoding; a bigger one fails the request rather than
    /// exhaust memory.
    private let maximumBodyBytes: Int
    /// How long a request keeps trying to connect.
    private let connectTimeout: Duration

    /// HTTP/1 connections kept per host (async-http-client's default is 8). An HTTP/2 connection
    /// multiplexes instead.
    public static let connectionsPerHost = 32

    /// - Parameters:
    ///   - connectTimeout: how long to keep trying to connect (refused connections are tried
    ///     again with back-off until then, so this is also how long an unreachable server takes
    ///     to be reported; an untrusted certificate is reported at once).
    ///   - proxies: the HTTP proxies to go through (CONNECT, with Basic credentials if given).
    ///   - trusting: certificate authorities trusted besides the system's roots.
    public init(
        connectTimeout: Duration = .seconds(5), maximumBodyBytes: Int = 512 * 1024 * 1024,
        proxies: ProxySettings = .direct, trusting extraCertificates: TrustedCertificates? = nil
    ) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: TimeAmount(connectTimeout)),
            connectionPool: .init(
                idleTimeout: .seconds(60), concurrentHTTP1ConnectionsPerHostSoftLimit: Self.connectionsPerHost))
        // The pool would try a failed connection again until the connect timeout whatever the
        // failure, a certificate it will never trust included; `execute` decides instead.
        configuration.connectionPool.retryConnectionEstablishment = false
        configuration.httpVersion = .automatic
        // gzip is decoded here, whole, rather than by async-http-client's decoder piece by piece:
        // libdeflate on the whole body takes about half zlib's CPU.
        configuration.decompression = .disabled
        configuration.tlsConfiguration = Self.tlsConfiguration(trusting: extraCertificates)
        self.configuration = configuration
        self.proxies = proxies
        self.maximumBodyBytes = maximumBodyBytes
        self.connectTimeout = connectTimeout
    }

    deinit {
        // Forgotten `shutdown()`: close the pools anyway (async-http-client traps on a running
        // client's deinit in debug builds).
        if case .running(let clients) = state.withLock({ $0 }) {
            for client in clients.values { _ = client.shutdown() }
        }
    }

    /// The client for requests through `proxy` (`nil`: direct).
    private func client(through proxy: ProxyServer?) throws(RestClientError) -> HTTPClient {
        let client: HTTPClient? = state.withLock { state in
            guard case .running(var clients) = state else { return nil }
            if let client = clients[proxy] { return client }
            var configuration = configuration
            configuration.proxy = proxy.map { proxy in
                .server(
                    host: proxy.host, port: proxy.port,
                    authorization: proxy.username.map { .basic(username: $0, password: proxy.password ?? "") })
            }
            let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
            clients[proxy] = client
            state = .running(clients)
            return client
        }
        guard let client else { throw .invalidRequest("the client has been shut down.") }
        return client
    }

    public func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
        let started = ContinuousClock.now
        let connectDeadline = started + min(connectTimeout, request.timeout)
        let origin = Self.origin(of: request.url)
        var failedConnects = 0
        while true {
            do {
                // Every try within the request's one timeout.
                var attempt = request
                attempt.timeout = request.timeout - (ContinuousClock.now - started)
                let response = try await executeOnce(attempt)
                answeredOrigins.withLock { origins in
                    if !origins.contains(origin) { origins.insert(origin) }
                }
                return response
            } catch {
                failedConnects += 1
                let backoff = Self.connectBackoff(afterFailures: failedConnects)
                let hasAnswered = answeredOrigins.withLock { $0.contains(origin) }
                guard hasAnswered, Self.connectsAgain(after: error), ContinuousClock.now + backoff < connectDeadline
                else {
                    throw Self.namingThePort(error, origin: origin)
                }
                try? await Task.sleep(for: backoff)
            }
        }
    }

    /// One try of `request`.
    private func executeOnce(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
        let url = URL(string: request.url)
        let proxy = url.flatMap(proxies.proxy(for:))
        if let url, let refusal = CleartextPolicy.refusal(for: url, through: proxy) {
            throw .invalidRequest(refusal)
        }
        let client = try client(through: proxy)
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + TimeAmount(request.timeout)
        // A request's own limit (a query page's) applies when it is the tighter one.
        let requestLimit = request.responseLimit.flatMap { $0.bytes < self.maximumBodyBytes ? $0 : nil }
        let bodyLimit = requestLimit?.bytes ?? self.maximumBodyBytes
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            if request.streamsBody, response.status == .ok {
                return RestResponse(
                    status: Int(response.status.code), headers: Self.fields(response.headers), body: [],
                    arrivingBody: ArrivingBody(
                        chunks: response.body, isGzip: Self.isGzip(response.headers), host: request.host))
            }
            let observer = response.status == .ok ? request.bodyHeadObserver : nil
            let body: [UInt8]
            if Self.isGzip(response.headers) {
                body = try Self.decodeGzip(
                    try await Self.collectGzip(response.body, upTo: bodyLimit, host: request.host),
                    upTo: bodyLimit, host: request.host)
                if let observer {
                    body.withUnsafeBytes {
                        _ = observer.observe(.init(rebasing: $0.prefix(BodyHeadObserver.maximumHeadBytes)))
                    }
                }
            } else {
                var buffer =
                    if let observer {
                        try await Self.collect(response.body, upTo: bodyLimit, observing: observer)
                    } else {
                        try await response.body.collect(upTo: bodyLimit)
                    }
                body = buffer.readBytes(length: buffer.readableBytes) ?? []
            }
            return RestResponse(status: Int(response.status.code), headers: Self.fields(response.headers), body: body)
        } catch {
            let failure = Self.classify(error, host: request.host, proxy: proxy)
            if let requestLimit, Self.isTooLarge(failure) {
                throw .decodingFailed(requestLimit.refusal)
            }
            throw failure
        }
    }

    /// async-http-client's headers as HTTP fields (a name that is not a valid field name is dropped).
    private static func fields(_ headers: HTTPHeaders) -> HTTPFields {
        HTTPFields(headers.compactMap { name, value in HTTPField.Name(name).map { HTTPField(name: $0, value: value) } })
    }

    /// Whether `failure` is an answer over the size limit.
    private static func isTooLarge(_ failure: RestClientError) -> Bool {
        guard case .transportFailed(_, let reason) = failure else { return false }
        return reason == decodedTooLarge || reason.hasPrefix("the answer is larger than")
    }

    /// `collect(upTo:)` that shows the body's head to `observer` while the rest arrives.
    private static func collect(
        _ body: HTTPClientResponse.Body, upTo maximumBytes: Int, observing observer: BodyHeadObserver
    ) async throws -> ByteBuffer {
        var collected = ByteBuffer()
        var observing = true
        for try await var piece in body {
            guard collected.readableBytes + piece.readableBytes <= maximumBytes else {
                throw NIOTooManyBytesError(maxBytes: maximumBytes)
            }
            collected.writeBuffer(&piece)
            if observing {
                observing =
                    !collected.withUnsafeReadableBytes(observer.observe)
                    && collected.readableBytes < BodyHeadObserver.maximumHeadBytes
            }
        }
        return collected
    }

    public func shutdown() async {
        let previous = state.withLock { state in
            defer { state = .shutDown }
            return state
        }
        if case .running(let clients) = previous {
            for client in clients.values { try? await client.shutdown() }
        }
    }

    /// Maps async-http-client and NIO errors onto the transport's three outcomes; a failure to
    /// get through `proxy` names the proxy (never its password).
    static func classify(_ error: any Error, host: String, proxy: ProxyServer? = nil) -> RestClientError {
        if error is CancellationError || Task.isCancelled {
            return .cancelled
        }
        if let error = error as? RestClientError {
            return error
        }
        if let proxy, let reason = proxyFailure(error) {
            return .transportFailed(host: host, reason: "the proxy \(proxy) \(reason)")
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut
            case .connectTimeout: return .transportFailed(host: host, reason: "the connection timed out")
            case .getConnectionFromPoolTimeout: return .connectionPoolBusy(host: host)
            case .remoteConnectionClosed:
                return .transportFailed(host: host, reason: "the server closed the connection")
            default: return .transportFailed(host: host, reason: error.shortDescription.lowercased())
            }
        }
        if let reason = Self.certificateFailure(error, host: host) {
            return .transportFailed(host: host, reason: reason)
        }
        if let error = error as? NIOTooManyBytesError {
            return .transportFailed(host: host, reason: "the answer is larger than \(error.maxBytes ?? 0) bytes")
        }
        return .transportFailed(host: host, reason: Self.reason(for: error))
    }

    /// What went wrong on the way through a proxy, or `nil` when `error` is about the org.
    /// With a proxy every connection goes to the proxy, so a failure to connect is the proxy's.
    private static func proxyFailure(_ error: any Error) -> String? {
        if let error = error as? HTTPClientError {
            switch error {
            case .proxyAuthenticationRequired: return "refused the credentials (HTTP 407)"
            case .invalidProxyResponse: return "refused the connection (check its address and credentials)"
            case .httpProxyHandshakeTimeout: return "did not answer in time"
            case .connectTimeout: return "could not be reached (the connection timed out)"
            default: return nil
            }
        }
        return socketReason(for: error).map { "could not be reached (\($0))" }
    }

    /// A short lower-case reason from a socket-level error ("connection refused").
    private static func reason(for error: any Error) -> String {
        socketReason(for: error) ?? String(describing: error)
    }

    /// The socket-level reason `error` names, if it names one.
    private static func socketReason(for error: any Error) -> String? {
        let lowered = String(describing: error).lowercased()
        return [
            "connection refused", "connection reset", "host is unreachable", "network is unreachable",
            "no such host", "broken pipe", "timed out",
        ].first { lowered.contains($0) }
    }
}

extension TimeAmount {
    /// A NIO time amount from a Swift duration (nanosecond precision).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
