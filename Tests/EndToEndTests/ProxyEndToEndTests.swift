import Foundation
import MockOrg
import TestSupport
import Testing

/// `contact-tui list` and a real proxy (tinyproxy, started by each test): a loopback org goes
/// direct, any other through the proxy's tunnel; and the refusal to send a token in cleartext.
@Suite("Proxies and cleartext")
struct ProxyEndToEndTests {
    static let query = ["list", "--batch-size", "200", "--query", "SELECT Id, Name FROM Contact"]

    static func run(_ arguments: [String], environment: [String: String]) async throws -> ProcessRunner.Outcome {
        try await ListCommandTests.run(arguments, extra: environment)
    }

    static func orgArguments(_ endpoint: MockOrgEndpoint) -> [String] {
        ListCommandTests.orgArguments(endpoint)
    }

    @Test("http to a loopback org with HTTP_PROXY set goes direct: the proxy never sees the token")
    func loopbackHttpBypassesProxy() async throws {
        try await ListCommandTests.withOrg(contacts: 450) { endpoint in
            try await TinyProxy.with { proxy in
                let outcome = try await Self.run(
                    Self.query + Self.orgArguments(endpoint), environment: ["HTTP_PROXY": proxy.url()]
                ).checked()
                #expect(outcome.output.split(separator: "\n").count == 451)
                #expect(proxy.tunnels.isEmpty)
            }
        }
    }

    @Test("https to a loopback org with HTTPS_PROXY set goes direct, its certificate verified")
    func loopbackHttpsBypassesProxy() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30, tls: .generated)) { org in
            let caFile = try #require(org.caCertificateFile).path
            try await TinyProxy.with { proxy in
                let outcome = try await Self.run(
                    Self.query + Self.orgArguments(org.endpoint),
                    environment: ["HTTPS_PROXY": proxy.url(), "SSL_CERT_FILE": caFile]
                ).checked()
                #expect(outcome.output.split(separator: "\n").count == 31)
                #expect(proxy.tunnels.isEmpty)
            }
        }
    }

    /// Any org that is not loopback: the proxy is asked for a tunnel to it (and cannot resolve it).
    static let remoteOrg = [
        "--instance-url", "https://org.invalid", "--access-token-file", TokenFile.path(holding: "not-a-token"),
    ]

    @Test("https to another host goes through HTTPS_PROXY's CONNECT tunnel; HTTP_PROXY is not used for https")
    func httpsThroughProxy() async throws {
        try await TinyProxy.with { proxy in
            let outcome = try await Self.run(Self.query + Self.remoteOrg, environment: ["HTTPS_PROXY": proxy.url()])
            #expect(outcome.status == 1)
            #expect(proxy.tunnels == ["org.invalid:443"])

            _ = try await Self.run(Self.query + Self.remoteOrg, environment: ["HTTP_PROXY": proxy.url()])
            #expect(proxy.tunnels == ["org.invalid:443"])
        }
    }

    @Test("A wrong proxy password fails with one sentence naming the proxy, not the password")
    func wrongPassword() async throws {
        try await TinyProxy.with { proxy in
            let outcome = try await Self.run(
                Self.query + Self.remoteOrg, environment: ["https_proxy": proxy.url(password: "not-the-password")])
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.contains("the proxy user@127.0.0.1:\(proxy.port) refused"))
            #expect(!outcome.error.contains("not-the-password"))
            #expect(outcome.error.split(separator: "\n").count == 1)
        }
    }

    @Test("An unreachable proxy is named")
    func unreachableProxy() async throws {
        let closed = try ReservedPort()
        let outcome = try await Self.run(
            Self.query + Self.remoteOrg, environment: ["HTTPS_PROXY": "127.0.0.1:\(closed.port)"])
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("the proxy 127.0.0.1:\(closed.port) could not be reached"))
    }

    @Test(
        "NO_PROXY names the host: the request goes direct",
        arguments: ["org.invalid", "example.com, .invalid:443", "*"])
    func noProxyBypasses(noProxy: String) async throws {
        try await TinyProxy.with { proxy in
            let outcome = try await Self.run(
                Self.query + Self.remoteOrg, environment: ["HTTPS_PROXY": proxy.url(), "NO_PROXY": noProxy])
            #expect(outcome.status == 1)
            #expect(!outcome.error.contains("proxy"))
            #expect(proxy.tunnels.isEmpty)
        }
    }

    @Test("An http:// instance URL on a host that is not loopback is refused before any connection")
    func cleartextRefused() async throws {
        try await TinyProxy.with { proxy in
            let outcome = try await Self.run(
                Self.query + [
                    "--instance-url", "http://org.invalid", "--access-token-file",
                    TokenFile.path(holding: "secret-token"),
                ],
                environment: ["HTTP_PROXY": proxy.url()])
            #expect(outcome.status == 2)
            #expect(outcome.error.contains("use an https:// URL"))
            #expect(!outcome.error.contains("secret-token"))
            #expect(proxy.tunnels.isEmpty)
        }
    }
}
