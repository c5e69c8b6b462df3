import AsyncHTTPClient
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOSSL
import Synchronization

/// The real transport: one long-lived async-http-client `HTTPClient` with a keep-alive
/// connection pool. Redirects are never followed here (`RestClient` decides, so that the
/// Authorization header never goes to another host).
public final class AsyncHTTPClientTransport: RestTransport {
    private enum State {
        case idle
        case running(HTTPClient)
        case shutDown
    }

    /// The `HTTPClient` is made on the first request, so a `RestClient` used only for its
    /// factories holds no connection pool.
    private let state = Mutex(State.idle)
    private let configuration: HTTPClient.Configuration
    /// The largest body accepted; a bigger one fails the request rather than exhaust memory.
    private let maximumBodyBytes: Int

    /// - Parameter connectTimeout: how long to keep trying to connect (async-http-client retries
    ///   refused connections with back-off until then, so this is also how long an unreachable
    ///   server takes to be reported).
    /// - Parameter trusting: certificate authorities trusted besides the system's roots.
    public init(
        connectTimeout: Duration = .seconds(5), maximumBodyBytes: Int = 512 * 1024 * 1024,
        trusting extraCertificates: TrustedCertificates? = nil
    ) {
        var configuration = HTTPClient.Configuration(
            redirectConfiguration: .disallow,
            timeout: .init(connect: TimeAmount(connectTimeout)),
            connectionPool: .init(idleTimeout: .seconds(60)))
        configuration.httpVersion = .automatic
        configuration.tlsConfiguration = Self.tlsConfiguration(trusting: extraCertificates)
        self.configuration = configuration
        self.maximumBodyBytes = maximumBodyBytes
    }

    deinit {
        // Forgotten `shutdown()`: close the pool anyway (async-http-client traps on a running
        // client's deinit in debug builds).
        if case .running(let client) = state.withLock({ $0 }) {
            _ = client.shutdown()
        }
    }

    private func client() throws(RestClientError) -> HTTPClient {
        let client: HTTPClient? = state.withLock { state in
            switch state {
            case .idle:
                let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
                state = .running(client)
                return client
            case .running(let client):
                return client
            case .shutDown:
                return nil
            }
        }
        guard let client else { throw .invalidRequest("the client has been shut down.") }
        return client
    }

    public func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
        let client = try client()
        var outgoing = HTTPClientRequest(url: request.url)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        for field in request.headers {
            outgoing.headers.add(name: field.name.rawName, value: field.value)
        }
        if let body = request.body {
            outgoing.body = .bytes(ByteBuffer(bytes: body))
        }
        let deadline = NIODeadline.now() + TimeAmount(request.timeout)
        do {
            let response = try await client.execute(outgoing, deadline: deadline)
            var buffer = try await response.body.collect(upTo: maximumBodyBytes)
            let body = buffer.readBytes(length: buffer.readableBytes) ?? []
            return RestResponse(
                status: Int(response.status.code),
                headers: HTTPFields(
                    response.headers.compactMap { name, value in
                        HTTPField.Name(name).map { HTTPField(name: $0, value: value) }
                    }),
                body: body)
        } catch {
            throw Self.classify(error, host: request.host)
        }
    }

    public func shutdown() async {
        let previous = state.withLock { state in
            defer { state = .shutDown }
            return state
        }
        if case .running(let client) = previous {
            try? await client.shutdown()
        }
    }

    /// Maps async-http-client and NIO errors onto the transport's three outcomes.
    static func classify(_ error: any Error, host: String) -> RestClientError {
        if error is CancellationError || Task.isCancelled {
            return .cancelled
        }
        if let error = error as? RestClientError {
            return error
        }
        if let error = error as? HTTPClientError {
            switch error {
            case .cancelled: return .cancelled
            case .deadlineExceeded, .readTimeout, .writeTimeout: return .timedOut
            case .connectTimeout: return .transportFailed(host: host, reason: "the connection timed out")
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

    /// A short lower-case reason from a socket-level error ("connection refused").
    private static func reason(for error: any Error) -> String {
        let text = String(describing: error)
        let lowered = text.lowercased()
        for known in [
            "connection refused", "connection reset", "host is unreachable", "network is unreachable",
            "no such host", "broken pipe", "timed out",
        ] where lowered.contains(known) {
            return known
        }
        return text
    }
}

extension TimeAmount {
    /// A NIO time amount from a Swift duration (nanosecond precision).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        self = .nanoseconds(seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }
}
