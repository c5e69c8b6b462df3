import Foundation
import MockOrg
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

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

        var request = URLRequest(url: secondEndpoint.url.appendingPathComponent("services/data/v66.0/sobjects/Contact"))
        request.setValue("Bearer given-token", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        let body = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((body["objectDescribe"] as? [String: Any])?["keyPrefix"] as? String == "003")

        await first.stop()
        await first.stop()
        await second.stop()
        await #expect(throws: (any Error).self) {
            _ = try await URLSession.shared.data(for: request)
        }
    }
}
