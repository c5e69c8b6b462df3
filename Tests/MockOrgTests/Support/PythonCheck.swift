import Foundation
import MockOrg
import TestSupport
import Testing

/// A Python script of `Compatibility/` run against a new mock org over https, trusting the org's
/// CA through `REQUESTS_CA_BUNDLE` as a user of a private CA would: `INSTANCE_URL CONTACT_COUNT`,
/// the access token on its standard input (never in its command line or environment), then the
/// script's own checks, which end by printing `success`.
enum PythonCheck {
    static func run(_ script: String, contacts: Int, expecting success: String) async throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Compatibility/" + script).path
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: contacts, seed: 11, tls: .generated))
        let endpoint = try await server.start()
        #expect(endpoint.url.scheme == "https")
        var environment = ProcessInfo.processInfo.environment
        environment["REQUESTS_CA_BUNDLE"] = try #require(endpoint.caCertificateFile).path
        let result = try await withCleanup {
            try await ProcessRunner.run(
                "python3", [path, endpoint.url.absoluteString, "\(contacts)"], environment: environment,
                input: endpoint.accessToken + "\n")
        } cleanup: {
            await server.stop()
        }
        #expect(result.status == 0, "\(result.error)\(result.output)")
        #expect(result.output.contains(success), "\(result.error)\(result.output)")
    }
}
