import MockOrg
import RestCore
import TestSupport

/// Runs `body` with a RestClient over real HTTP to a MockOrg on a loopback port (TestSupport's
/// `LiveOrg`), in the shape the RestCore tests use: the client and the org's endpoint.
func withMockOrg<T: Sendable>(
    _ org: MockOrgConfiguration = MockOrgConfiguration(contacts: 200),
    configure: (inout RestClientConfiguration, MockOrgEndpoint) -> Void = { _, _ in },
    _ body: (RestClient, MockOrgEndpoint) async throws -> T
) async throws -> T {
    try await LiveOrg.with(org, configure: configure) { org in try await body(org.client, org.endpoint) }
}
