import Foundation

/// The scheme, host and port requests go to, and the test whether a URL stays on them.
struct Endpoint: Sendable, Equatable {
    /// `scheme://host[:port]` with no trailing slash (any path of the instance URL kept).
    let base: String
    let scheme: String
    let host: String
    let port: Int?

    init(instanceURL: URL) {
        var base = instanceURL.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.scheme = (instanceURL.scheme ?? "https").lowercased()
        self.host = instanceURL.host ?? base
        self.port = instanceURL.port ?? Self.defaultPort(scheme: self.scheme)
    }

    /// `true` when `url` goes to this endpoint's scheme, host and port (where a token may go).
    func isSameOrigin(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased(), let host = url.host else { return false }
        return scheme == self.scheme && host.lowercased() == self.host.lowercased()
            && (url.port ?? Self.defaultPort(scheme: scheme)) == port
    }

    private static func defaultPort(scheme: String) -> Int? {
        switch scheme {
        case "http": return 80
        case "https": return 443
        default: return nil
        }
    }
}
