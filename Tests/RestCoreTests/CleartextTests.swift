import Foundation
import Testing

@testable import RestCore

/// No token ever goes out in cleartext to a host that is not loopback.
@Suite("Cleartext refusal")
struct CleartextTests {
    @Test(
        "Loopback hosts may use http://",
        arguments: ["127.0.0.1", "127.255.3.4", "localhost", "LOCALHOST", "[::1]", "::1"])
    func loopback(host: String) {
        #expect(CleartextPolicy.isLoopback(host: host))
    }

    @Test(
        "Any other host may not", arguments: ["org.invalid", "128.0.0.1", "127.0.0", "127.0.0.1.example.com", "::2"])
    func notLoopback(host: String) {
        #expect(!CleartextPolicy.isLoopback(host: host))
    }

    @Test("https:// is always allowed")
    func httpsAllowed() {
        #expect(CleartextPolicy.refusal(for: URL(string: "https://org.invalid")!) == nil)
        #expect(CleartextPolicy.refusal(for: URL(string: "http://127.0.0.1:8080")!) == nil)
    }

    @Test("http:// that would leave through a proxy is refused in one sentence, loopback included")
    func cleartextThroughProxy() {
        let proxy = ProxyServer(host: "proxy.corp", port: 3128, username: "alice", password: "pw-not-shown")
        let refusal = CleartextPolicy.refusal(for: URL(string: "http://127.0.0.1:8080/x")!, through: proxy)
        #expect(
            refusal
                == "http://127.0.0.1 would go through the proxy alice@proxy.corp:3128 unencrypted, so no token is sent there: use an https:// URL."
        )
        #expect(CleartextPolicy.refusal(for: URL(string: "http://127.0.0.1:8080/x")!, through: nil) == nil)
        #expect(CleartextPolicy.refusal(for: URL(string: "https://org.invalid/x")!, through: proxy) == nil)
    }

    @Test("An http:// instance on a .invalid host fails before the transport is asked")
    func refusedBeforeSending() async {
        let transport = InMemoryTransport()
        let client = makeClient(transport, instance: "http://org.invalid")
        await #expect {
            try await client.send(client.request(forQuery: "SELECT Id FROM Contact"))
        } throws: { error in
            guard case RestClientError.invalidRequest(let reason) = error else { return false }
            return reason == "http://org.invalid is not encrypted, so no token is sent there: use an https:// URL."
        }
        #expect(transport.requests.isEmpty)
    }

    @Test("The real transport refuses a cleartext URL too (a refresh at a login host goes through it)")
    func transportRefuses() async {
        let transport = AsyncHTTPClientTransport()
        await #expect {
            try await transport.execute(
                TransportRequest(
                    method: .POST, url: "http://login.invalid/services/oauth2/token", host: "login.invalid",
                    headers: [:], body: Array("refresh_token=secret".utf8), timeout: .seconds(5)))
        } throws: { error in
            String(describing: error).contains("use an https:// URL")
        }
        await transport.shutdown()
    }
}
