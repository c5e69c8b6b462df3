import Foundation

/// One HTTP proxy: where it listens and the Basic credentials it wants, if any.
/// Its `description` names the proxy without the password.
public struct ProxyServer: Sendable, Hashable, CustomStringConvertible {
    public var host: String
    public var port: Int
    public var username: String?
    public var password: String?

    public init(host: String, port: Int, username: String? = nil, password: String? = nil) {
        self.host = host
        self.port = port
        self.username = username
        self.password = password
    }

    /// A proxy from a URL as curl takes it: `[http://][user:password@]host[:port]` (port 1080 when
    /// none is given, as curl's). `variable` names where the URL came from, for the error.
    init(url text: String, variable: String) throws(RestClientError) {
        let withScheme = text.contains("://") ? text : "http://" + text
        guard let components = URLComponents(string: withScheme), components.scheme?.lowercased() == "http",
            let host = components.host, !host.isEmpty
        else {
            throw .invalidRequest(
                "\(variable) is not an http:// proxy URL such as http://user:password@proxy.example.com:3128.")
        }
        self.init(
            host: host.hasPrefix("[") ? String(host.dropFirst().dropLast()) : host,
            port: components.port ?? 1080,
            username: components.percentEncodedUser?.removingPercentEncoding,
            password: components.percentEncodedPassword?.removingPercentEncoding)
    }

    /// `host:port`, or `user@host:port` (never the password).
    public var description: String {
        let address = host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
        return username.map { "\($0)@\(address)" } ?? address
    }
}
