import Foundation

/// Never a token in cleartext: an `http://` URL is refused before any connection unless its host
/// is loopback (127.0.0.0/8, ::1, localhost), where nothing crosses a network.
public enum CleartextPolicy {
    /// The sentence that refuses `url`, or `nil` when a token may go there.
    public static func refusal(for url: URL) -> String? {
        guard url.scheme?.lowercased() == "http" else { return nil }
        let host = url.host ?? ""
        if isLoopback(host: host) { return nil }
        return "http://\(host) is not encrypted, so no token is sent there: use an https:// URL."
    }

    /// The sentence that refuses `url` sent through `proxy`, or `nil` when a token may go there:
    /// an `http://` request that would leave through a proxy is refused, whatever its host,
    /// because the proxy (and the network to it) would read the token.
    public static func refusal(for url: URL, through proxy: ProxyServer?) -> String? {
        if let refusal = refusal(for: url) { return refusal }
        guard let proxy, url.scheme?.lowercased() == "http" else { return nil }
        return
            "http://\(url.host ?? "") would go through the proxy \(proxy) unencrypted, so no token is sent there: use an https:// URL."
    }

    /// `true` for `localhost`, `::1` and any address in 127.0.0.0/8.
    public static func isLoopback(host: String) -> Bool {
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host == "localhost" || host == "localhost." || host == "::1" { return true }
        let octets = host.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets.first == "127"
            && octets.allSatisfy { octet in UInt8(octet).map { _ in octet.allSatisfy(\.isASCII) } ?? false }
    }
}
