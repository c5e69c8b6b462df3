import Foundation
import MockOrg
import RestCore

/// A mock org started on a loopback port, with a RestClient over real HTTP to it; over https
/// when the configuration asks for TLS, the client then trusting the org's CA certificate.
package final class LiveOrg: Sendable {
    package let server: MockOrgServer
    package let endpoint: MockOrgEndpoint
    package let client: RestClient

    /// Starts the org, then a client whose configuration `configure` may change (a stale token, say).
    package init(
        _ configuration: MockOrgConfiguration = MockOrgConfiguration(contacts: 200),
        configure: (inout RestClientConfiguration, MockOrgEndpoint) -> Void = { _, _ in }
    ) async throws {
        let server = MockOrgServer(configuration: configuration)
        self.server = server
        endpoint = try await server.start()
        var clientConfiguration = RestClientConfiguration(
            instanceURL: endpoint.url, accessToken: endpoint.accessToken,
            refresh: RefreshSettings(refreshToken: endpoint.refreshToken), timeout: .seconds(60))
        configure(&clientConfiguration, endpoint)
        var trusted: TrustedCertificates?
        if let caFile = endpoint.caCertificateFile {
            do {
                trusted = try TrustedCertificates(pemFile: caFile.path)
            } catch {
                await server.stop()
                throw error
            }
        }
        client = RestClient(configuration: clientConfiguration, trusting: trusted)
    }

    /// The PEM file of the CA certificate the org made for `MockOrgTLS.generated` (for `SSL_CERT_FILE`
    /// or `REQUESTS_CA_BUNDLE`); nil over plain http.
    package var caCertificateFile: URL? {
        endpoint.caCertificateFile
    }

    /// Runs `body` against a new org and stops the client and the org afterwards, whatever happens.
    package static func with<T: Sendable>(
        _ configuration: MockOrgConfiguration = MockOrgConfiguration(contacts: 200),
        configure: (inout RestClientConfiguration, MockOrgEndpoint) -> Void = { _, _ in },
        _ body: (LiveOrg) async throws -> T
    ) async throws -> T {
        let org = try await LiveOrg(configuration, configure: configure)
        return try await withCleanup {
            try await body(org)
        } cleanup: {
            await org.stop()
        }
    }

    /// Stops the client and the server.
    package func stop() async {
        TokenFile.remove(holding: endpoint.accessToken)
        TokenFile.remove(holding: endpoint.refreshToken)
        await client.shutdown()
        await server.stop()
    }
}

/// Runs `body` with a client for `configuration`, and shuts the client down afterwards, whatever happens.
package func withRestClient<T: Sendable>(
    _ configuration: RestClientConfiguration, _ body: (RestClient) async throws -> T
) async throws -> T {
    let client = RestClient(configuration: configuration)
    return try await withCleanup {
        try await body(client)
    } cleanup: {
        await client.shutdown()
    }
}
