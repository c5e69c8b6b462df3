import Foundation

extension AsyncHTTPClientTransport {
    /// The transport reasons worth connecting again for: the connection was refused, the host not
    /// found or not reachable, as while a server starts or a network comes back; or the pooled
    /// connection the request was to be written on had been closed by the server meanwhile ("I/O on
    /// closed channel": nothing was written). Anything else fails alike on every try (a certificate
    /// the client does not trust, a handshake it cannot make, a proxy that refuses the credentials),
    /// has used the time already (a connect that timed out), or has waited already (a busy pool), or
    /// may have reached the server (a reset), and is reported at once.
    static let connectAgainReasons = ["connection refused", "no such host", "unreachable", "i/o on closed channel"]

    /// Whether a request whose connection failed is tried again (see `connectAgainReasons`); each
    /// of these reasons is one of a request that never left.
    static func connectsAgain(after failure: RestClientError) -> Bool {
        guard case .transportFailed(_, let reason) = failure else { return false }
        let lowered = reason.lowercased()
        return connectAgainReasons.contains { lowered.contains($0) }
    }

    /// The wait before connecting again after `failures` failed tries: async-http-client's own
    /// back-off (100 ms, growing by a quarter each time, at most 60 s), with 3% of jitter.
    static func connectBackoff(afterFailures failures: Int) -> Duration {
        let seconds = min(0.1 * pow(1.25, Double(failures - 1)), 60)
        return .seconds(seconds * Double.random(in: 0.97...1.03))
    }

    /// `host:port` of a URL (the scheme's port when it names none), which a refused connection
    /// is reported with and the answered origins are kept by.
    static func origin(of url: String) -> String {
        guard let components = URLComponents(string: url), let host = components.host else { return url }
        let port = components.port ?? (components.scheme == "https" ? 443 : 80)
        return "\(host):\(port)"
    }

    /// A refused connection names the port it was refused on: the host alone does not tell which
    /// server is not there.
    static func namingThePort(_ failure: RestClientError, origin: String) -> RestClientError {
        guard case .transportFailed(let host, let reason) = failure, reason.lowercased().contains("refused"),
            !reason.hasPrefix("the proxy"), !reason.contains(origin), let port = origin.split(separator: ":").last
        else { return failure }
        return .transportFailed(host: host, reason: "\(reason) on port \(port)")
    }
}
