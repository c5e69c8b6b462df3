import Foundation
import MockOrg
import Testing

@Suite struct ServerLifecycleTests {
    @Test func twoServersListenOnTheirOwnPortsAndStopTwice() async throws {
        let first = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10))
        let second = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10, accessToken: "given-token"))
        let firstEndpoint = try await first.start()
        let secondEndpoint = try await second.start()
        #expect(firstEndpoint.url.port != secondEndpoint.url.port)
        #expect(firstEndpoint.url.host == "127.0.0.1")
        #expect(secondEndpoint.accessToken == "given-token")
        #expect(firstEndpoint.accessToken != secondEndpoint.accessToken)

        let url = secondEndpoint.url.appendingPathComponent("services/data/v66.0/sobjects/Contact")
        let reply = try await LiveHTTP.send("GET", url, token: "given-token")
        #expect(reply.status == 200)
        let body = try #require(reply.json as? [String: Any])
        #expect((body["objectDescribe"] as? [String: Any])?["keyPrefix"] as? String == "003")

        await first.stop()
        await first.stop()
        await second.stop()
        await #expect(throws: (any Error).self) {
            _ = try await LiveHTTP.send("GET", url, token: "given-token")
        }
    }
}
