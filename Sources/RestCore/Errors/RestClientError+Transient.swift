import Foundation
import HTTPTypes

extension RestClientError {
    /// Worth sending a read again: Salesforce's edge answering 502/503/504, `SERVER_UNAVAILABLE`
    /// with any status, or a connection that broke or was refused once the host has answered
    /// this client (refused on first contact is most likely a wrong address: reported at once),
    /// or no connection came free in time (the request never left, and others will finish).
    func isTransient(hostHasAnswered: Bool) -> Bool {
        switch self {
        case .apiInvocationFailed(let status, _, let errors, _):
            return Self.edgeStatuses.contains(status) || errors.contains { $0.errorCode == "SERVER_UNAVAILABLE" }
        case .transportFailed(_, let reason):
            let reason = reason.lowercased()
            return hostHasAnswered && Self.connectionLostReasons.contains { reason.contains($0) }
        case .connectionPoolBusy:
            return true
        default:
            return false
        }
    }

    /// Statuses of Salesforce's edge (bad gateway, unavailable, gateway timeout): they say nothing
    /// about whether the org applied the request.
    public static let edgeStatuses: Set<Int> = [502, 503, 504]

    /// Whether a transport failure happened before the request left (refused, no such host,
    /// unreachable, a connect timeout, a TLS failure, no free connection): the server cannot have
    /// applied it. Any other transport failure may have come after the server got the request.
    public var wasNeverSent: Bool {
        if case .connectionPoolBusy = self { return true }
        guard case .transportFailed(_, let reason) = self else { return false }
        let lowered = reason.lowercased()
        return Self.neverSentReasons.contains { lowered.contains($0) }
    }

    /// Whether the host could not be reached at all: the connection was refused, the name has no
    /// such host, the network or host is unreachable, or the connect timed out. Such a request never
    /// left (`wasNeverSent`), and the failure says the server is not there. A certificate or TLS
    /// failure (a server that is there but not trusted), a busy pool (a server that answers
    /// others), a read timeout (`timedOut`) or a connection lost mid-request (the request may have
    /// arrived) are not.
    public var meansHostUnreachable: Bool {
        guard case .transportFailed(_, let reason) = self else { return false }
        let lowered = reason.lowercased()
        return Self.unreachableReasons.contains { lowered.contains($0) }
    }

    /// Whether no answer came: the host could not be reached (`meansHostUnreachable`), the answer
    /// did not come in time (`timedOut`), or the connection was lost before it. A probe with no
    /// answer has not found the org back. The list's own reads go offline only when
    /// `meansHostUnreachable`: a query the org is slow to answer would otherwise go offline, be
    /// probed back and time out again, over and over; it is an error instead. A change queues
    /// only when `meansHostUnreachable` says it was never sent, and is read back otherwise.
    public var meansNoAnswer: Bool {
        if meansHostUnreachable { return true }
        switch self {
        case .timedOut: return true
        case .transportFailed(_, let reason):
            let lowered = reason.lowercased()
            return Self.connectionLostReasons.contains { lowered.contains($0) }
        default: return false
        }
    }

    /// The transport reasons of a host that could not be reached (see `meansHostUnreachable`).
    static let unreachableReasons = ["connection refused", "no such host", "unreachable", "connection timed out"]

    /// The transport reasons of a request that never left (see `AsyncHTTPClientTransport.classify`).
    static let neverSentReasons =
        unreachableReasons + ["certificate", "tls handshake", "refused the credentials", "refused the connection"]

    /// The transport reasons of a connection that was lost or refused (see
    /// `AsyncHTTPClientTransport.classify`).
    static let connectionLostReasons = [
        "connection reset", "connection refused", "the server closed the connection", "broken pipe",
    ]

    /// The wait an answer asked for in `Retry-After`, when given in seconds (an HTTP date is ignored).
    var retryAfter: Duration? {
        guard case .apiInvocationFailed(_, let headers, _, _) = self, let value = headers[.retryAfter],
            let seconds = Int(value.trimmingCharacters(in: .whitespaces)), seconds >= 0
        else { return nil }
        return .seconds(seconds)
    }
}
