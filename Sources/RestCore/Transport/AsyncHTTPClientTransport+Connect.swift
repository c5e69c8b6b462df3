import Foundation

extension AsyncHTTPClientTransport {
    /// Whether a request whose connection failed is tried again: it never left (the connection
    /// was refused, the host not found) and the next try may go otherwise. A certificate the client
    /// does not trust, or a handshake it cannot make, fails alike every time, so it is reported at
    /// once; a connect that timed out has used the time already, and a busy pool has waited already.
    static func connectsAgain(after failure: RestClientError) -> Bool {
        guard failure.wasNeverSent, case .transportFailed(_, let reason) = failure else { return false }
        let lowered = reason.lowercased()
        return !["certificate", "tls handshake", "timed out"].contains { lowered.contains($0) }
    }

    /// The wait before connecting again after `failures` failed tries: async-http-client's own
    /// back-off (100 ms, growing by a quarter each time, at most 60 s), with 3% of jitter.
    static func connectBackoff(afterFailures failures: Int) -> Duration {
        let seconds = min(0.1 * pow(1.25, Double(failures - 1)), 60)
        return .seconds(seconds * Double.random(in: 0.97...1.03))
    }
}
