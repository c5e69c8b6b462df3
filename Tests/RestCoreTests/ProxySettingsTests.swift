import Foundation
import Testing

@testable import RestCore

@Suite("Proxy settings from the environment")
struct ProxySettingsTests {
    static let https = URL(string: "https://acme.my.salesforce.com/services/data")!
    static let http = URL(string: "http://intranet.example:8080/services/data")!

    @Test("HTTPS_PROXY for https, HTTP_PROXY for http, with Basic credentials decoded")
    func perScheme() throws {
        let settings = try ProxySettings(environment: [
            "HTTPS_PROXY": "http://alice:p%40ss@proxy.corp:3128", "HTTP_PROXY": "plain.corp",
        ])
        #expect(
            settings.proxy(for: Self.https)
                == ProxyServer(host: "proxy.corp", port: 3128, username: "alice", password: "p@ss"))
        #expect(settings.proxy(for: Self.http) == ProxyServer(host: "plain.corp", port: 1080))
    }

    @Test("The lower-case name wins; an empty value is no proxy")
    func lowerCaseWins() throws {
        let settings = try ProxySettings(environment: [
            "https_proxy": "http://lower:1", "HTTPS_PROXY": "http://upper:2", "http_proxy": " ",
        ])
        #expect(settings.httpsProxy?.host == "lower")
        #expect(settings.httpProxy == nil)
        #expect(try ProxySettings(environment: [:]) == .direct)
    }

    @Test("A proxy URL that is not http:// is one sentence naming the variable, never the password")
    func invalidProxy() {
        #expect {
            try ProxySettings(environment: ["HTTPS_PROXY": "socks5://bob:hunter2@proxy:1080"])
        } throws: { error in
            let text = String(describing: error)
            return text.contains("HTTPS_PROXY is not an http:// proxy URL") && !text.contains("hunter2")
        }
    }

    @Test("A proxy is described without its password")
    func descriptionHidesPassword() {
        #expect(
            ProxyServer(host: "proxy", port: 3128, username: "alice", password: "secret").description
                == "alice@proxy:3128")
        #expect(ProxyServer(host: "::1", port: 8080).description == "[::1]:8080")
    }

    @Test(
        "NO_PROXY: host suffixes, a leading dot and a port ignored, * for all",
        arguments: [
            ("example.com", "example.com", true), ("example.com", "api.example.com", true),
            (".example.com", "example.com", true), (".example.com", "a.b.example.com", true),
            ("example.com", "notexample.com", false), ("example.com:8443", "example.com", true),
            ("foo, EXAMPLE.com ", "Api.Example.COM", true), ("*", "anything.org", true),
            ("[::1]:80", "[::1]", true), ("127.0.0.1", "127.0.0.1", true), ("", "example.com", false),
        ])
    func noProxy(list: String, host: String, bypassed: Bool) throws {
        let settings = try ProxySettings(environment: ["HTTPS_PROXY": "proxy:3128", "NO_PROXY": list])
        #expect(settings.bypasses(host: host) == bypassed)
        #expect((settings.proxy(for: URL(string: "https://\(host)/")!) == nil) == bypassed)
    }

    @Test(
        "A loopback target goes direct whatever NO_PROXY says; other hosts use the proxy",
        arguments: ["127.0.0.1:8080", "127.9.8.7", "localhost:8080", "LOCALHOST", "[::1]:8080"])
    func loopbackGoesDirect(host: String) throws {
        let settings = try ProxySettings(environment: ["http_proxy": "proxy:3128", "https_proxy": "proxy:3128"])
        #expect(settings.proxy(for: URL(string: "http://\(host)/services/data")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://\(host)/services/data")!) == nil)
        #expect(settings.proxy(for: URL(string: "https://acme.my.salesforce.com/")!)?.host == "proxy")
    }
}
