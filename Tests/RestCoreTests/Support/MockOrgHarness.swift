import Foundation
import MockOrg
import RestCore

/// Runs `body` with a RestClient over real HTTP to a MockOrg on a loopback port, and stops both
/// at the end. `configure` may change the client's configuration (e.g. a stale token).
func withMockOrg<T: Sendable>(
    _ org: MockOrgConfiguration = MockOrgConfiguration(contacts: 200),
    configure: (inout RestClientConfiguration, MockOrgEndpoint) -> Void = { _, _ in },
    _ body: (RestClient, MockOrgEndpoint) async throws -> T
) async throws -> T {
    let server = MockOrgServer(configuration: org)
    let endpoint = try await server.start()
    var configuration = RestClientConfiguration(
        instanceURL: endpoint.url, accessToken: endpoint.accessToken, refreshToken: endpoint.refreshToken,
        timeout: .seconds(60))
    configure(&configuration, endpoint)
    let client = RestClient(configuration: configuration)
    do {
        let value = try await body(client, endpoint)
        await client.shutdown()
        await server.stop()
        return value
    } catch {
        await client.shutdown()
        await server.stop()
        throw error
    }
}
