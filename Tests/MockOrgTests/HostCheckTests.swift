import Foundation
import TestSupport
import Testing

@testable import MockOrg

/// Against DNS rebinding: a request whose Host header names a host the org does not serve gets
/// 421 before anything else, the token endpoint included.
@Suite struct HostCheckTests {
    static let refusal =
        #"[{"message":"This org does not serve the host that the Host header names.","errorCode":"MISDIRECTED_REQUEST"}]"#

    @Test func onlyTheNamesTheOrgServesAreAnswered() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 3, accessToken: "T"))
        let endpoint = try await server.start()
        let port = try #require(endpoint.url.port)
        try await withCleanup {
            func status(host: String, path: String = "/services/data/v66.0/limits") async throws -> (Int, String) {
                let reply = try await RawSocket.exchange(
                    port: port,
                    text:
                        "GET \(path) HTTP/1.1\r\nHost: \(host)\r\nAuthorization: Bearer T\r\nConnection: close\r\n\r\n")
                let code = Int(reply.dropFirst("HTTP/1.1 ".count).prefix(3)) ?? 0
                return (code, reply.range(of: "\r\n\r\n").map { String(reply[$0.upperBound...]) } ?? "")
            }
            for host in ["127.0.0.1:\(port)", "localhost:\(port)", "[::1]:\(port)", "LOCALHOST:\(port)", "localhost"] {
                #expect(try await status(host: host).0 == 200, "\(host)")
            }
            for host in ["rebound.example:\(port)", "rebound.example", "localhost:\(port + 1)", "127.0.0.2:\(port)"] {
                let (code, body) = try await status(host: host)
                #expect(code == 421, "\(host)")
                #expect(body == Self.refusal, "\(host)")
            }
            let token = try await RawSocket.exchange(
                port: port,
                text: "POST /services/oauth2/token?grant_type=refresh_token&refresh_token="
                    + encodedQuery(endpoint.refreshToken) + " HTTP/1.1\r\nHost: rebound.example:\(port)\r\n"
                    + "Content-Length: 0\r\nConnection: close\r\n\r\n")
            #expect(token.hasPrefix("HTTP/1.1 421"))
            #expect(!token.contains("access_token"))
        } cleanup: {
            await server.stop()
        }
    }

    @Test func anOrgOnEveryAddressServesAddressesButNoOtherName() {
        let everywhere = HostCheckMiddleware(host: "0.0.0.0", instanceURL: { "http://0.0.0.0:8080" })
        #expect(everywhere.serves("192.168.1.20:8080"))
        #expect(everywhere.serves("[fe80::1]:8080"))
        #expect(everywhere.serves("localhost:8080"))
        #expect(!everywhere.serves("rebound.example:8080"))
        #expect(!everywhere.serves("192.168.1.20:9090"))
        let named = HostCheckMiddleware(host: "mock.internal", instanceURL: { "http://mock.internal:8080" })
        #expect(named.serves("mock.internal:8080") && named.serves("MOCK.internal"))
        #expect(!named.serves("192.168.1.20:8080"))
        let v6 = HostCheckMiddleware(host: "::1", instanceURL: { "http://[::1]:8080" })
        #expect(v6.serves("[::1]:8080") && !v6.serves("[::2]:8080"))
    }
}
