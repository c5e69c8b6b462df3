import Foundation

/// The HTTP proxies requests go through, as curl reads them from the environment:
/// `https_proxy`/`HTTPS_PROXY` for https targets, `http_proxy`/`HTTP_PROXY` for http targets
/// (the lower-case name wins), and `no_proxy`/`NO_PROXY`, a comma list of host suffixes that go
/// direct (a leading dot and a port are ignored, `*` alone means every host). A loopback target
/// always goes direct, whatever `NO_PROXY` says: `http://` is allowed only there, and through a
/// proxy its token would cross the network in cleartext.
public struct ProxySettings: Sendable, Hashable {
    /// The proxy for https targets (reached with CONNECT).
    public var httpsProxy: ProxyServer?
    /// The proxy for http targets.
    public var httpProxy: ProxyServer?
    /// Host suffixes that go direct, lower-case, without a leading dot or a port; `*` means all.
    public var noProxy: [String]

    /// No proxy at all.
    public static let direct = ProxySettings()

    public init(httpsProxy: ProxyServer? = nil, httpProxy: ProxyServer? = nil, noProxy: [String] = []) {
        self.httpsProxy = httpsProxy
        self.httpProxy = httpProxy
        self.noProxy = noProxy
    }

    /// The settings in `environment`; a proxy variable that is not an `http://` proxy URL
    /// fails with one sentence naming the variable (never its value, which may hold a password).
    public init(environment: [String: String]) throws(RestClientError) {
        func value(_ name: String) -> (name: String, value: String)? {
            for candidate in [name.lowercased(), name.uppercased()] {
                if let value = environment[candidate]?.trimmingCharacters(in: .whitespaces), !value.isEmpty {
                    return (candidate, value)
                }
            }
            return nil
        }
        self.init(
            httpsProxy: try value("https_proxy").map { variable throws(RestClientError) in
                try ProxyServer(url: variable.value, variable: variable.name)
            },
            httpProxy: try value("http_proxy").map { variable throws(RestClientError) in
                try ProxyServer(url: variable.value, variable: variable.name)
            },
            noProxy: value("no_proxy").map { Self.hostSuffixes($0.value) } ?? [])
    }

    /// The proxy for a request to `url`, or `nil` to connect directly (always for loopback).
    public func proxy(for url: URL) -> ProxyServer? {
        let server: ProxyServer?
        switch url.scheme?.lowercased() {
        case "https": server = httpsProxy
        case "http": server = httpProxy
        default: server = nil
        }
        guard let server, let host = url.host else { return server }
        return CleartextPolicy.isLoopback(host: host) || bypasses(host: host) ? nil : server
    }

    /// `true` when `NO_PROXY` names `host` or one of its parent domains.
    public func bypasses(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        while host.hasSuffix(".") { host.removeLast() }
        return noProxy.contains { suffix in
            suffix == "*" || host == suffix || host.hasSuffix("." + suffix)
        }
    }

    /// `NO_PROXY`'s entries as suffixes: trimmed, lower-case, without a leading dot or a port.
    static func hostSuffixes(_ list: String) -> [String] {
        list.split(separator: ",").compactMap { entry in
            var suffix = entry.trimmingCharacters(in: .whitespaces).lowercased()
            if suffix.hasPrefix("[") {  // [::1]:8080
                suffix = String(suffix.dropFirst().prefix { $0 != "]" })
            } else if suffix.filter({ $0 == ":" }).count == 1 {  // host:port, not a bare IPv6 address
                suffix = String(suffix.prefix { $0 != ":" })
            }
            while suffix.hasPrefix(".") { suffix.removeFirst() }
            while suffix.hasSuffix(".") { suffix.removeLast() }
            return suffix.isEmpty ? nil : suffix
        }
    }
}
