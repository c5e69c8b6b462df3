import Hummingbird

/// Refuses a request whose Host header names a host the org does not serve, with 421, against
/// DNS rebinding: a web page on a name of its own that comes to resolve to 127.0.0.1 reaches the
/// org with that name in Host, and is refused before anything else (the token endpoint included).
///
/// Served are 127.0.0.1, localhost, [::1] and the configured host, with no port or the bound one.
/// When the org binds every address (0.0.0.0, ::), any IP address is served too: rebinding needs
/// a name, and the machine's addresses are how others reach it then. A request with no Host at
/// all (HTTP/1.0) is let through: browsers always send one.
struct HostCheckMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext

    /// Lower-cased names, IPv6 addresses in brackets.
    private let names: Set<String>
    private let servesAnyAddress: Bool
    /// `http://host:port` as the org is bound, whose port a Host header with a port must name.
    private let instanceURL: @Sendable () -> String

    static let refusal = APIError(
        status: 421, "MISDIRECTED_REQUEST", "This org does not serve the host that the Host header names.")

    init(host: String, instanceURL: @escaping @Sendable () -> String) {
        let configured = host.lowercased()
        servesAnyAddress = ["0.0.0.0", "::", "", "[::]"].contains(configured)
        names = ["127.0.0.1", "localhost", "[::1]", configured.contains(":") ? "[" + configured + "]" : configured]
        self.instanceURL = instanceURL
    }

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let authority = request.head.authority, !serves(authority) { throw Self.refusal }
        return try await next(request, context)
    }

    /// Whether `authority` (`name` or `name:port`) is a name the org serves, on its port.
    func serves(_ authority: String) -> Bool {
        let (name, port) = Self.split(authority.lowercased())
        if let port {
            let bound = instanceURL()
            guard let colon = bound.lastIndex(of: ":"), bound[bound.index(after: colon)...] == port else {
                return false
            }
        }
        return names.contains(String(name)) || (servesAnyAddress && Self.isAddress(name))
    }

    /// The name and the port, if any (`[::1]:8080` is `[::1]` and `8080`).
    private static func split(_ authority: String) -> (name: Substring, port: Substring?) {
        guard let colon = authority.lastIndex(of: ":"),
            !authority.hasPrefix("[") || authority[..<colon].hasSuffix("]")
        else { return (authority[...], nil) }
        return (authority[..<colon], authority[authority.index(after: colon)...])
    }

    /// An IPv4 address in dots or an IPv6 one in brackets: no name that DNS could rebind.
    private static func isAddress(_ name: Substring) -> Bool {
        if name.hasPrefix("[") && name.hasSuffix("]") {
            return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && UInt8(part) != nil }
    }
}
