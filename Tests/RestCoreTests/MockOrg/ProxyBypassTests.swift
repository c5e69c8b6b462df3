import Foundation
import MockOrg
import TestSupport
import Testing

@testable import RestCore

/// A token for a loopback org over http:// never reaches a proxy: the request goes direct.
@Suite("Loopback goes direct, past any proxy")
struct ProxyBypassTests {
    @Test("http:// to a loopback org with HTTP_PROXY set: the proxy accepts no connection, the org answers")
    func loopbackBypassesTheProxy() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 5)) { _, endpoint in
            // A relay to the org: a request that went through it would show as a connection.
            let relay = try CountingRelay(forwardingTo: endpoint.url.port!)
            defer { relay.stop() }
            let transport = AsyncHTTPClientTransport(
                proxies: try ProxySettings(environment: ["HTTP_PROXY": "http://127.0.0.1:\(relay.port)"]))
            let response = try await withCleanup {
                try await transport.execute(
                    TransportRequest(
                        method: .GET, url: endpoint.url.absoluteString + "/services/data/", host: "127.0.0.1",
                        headers: [.authorization: "Bearer \(endpoint.accessToken)"], body: nil,
                        timeout: .seconds(30)))
            } cleanup: {
                await transport.shutdown()
            }
            #expect(response.status == 200)
            #expect(relay.connections == 0)
        }
    }
}
