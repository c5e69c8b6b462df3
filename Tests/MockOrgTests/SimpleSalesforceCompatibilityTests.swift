import Foundation
import MockOrg
import TestSupport
import Testing

/// Runs simple-salesforce (from PyPI, unchanged) against a running mock org over https, trusting
/// the org's CA through `REQUESTS_CA_BUNDLE` as a user of a private CA would.
/// Needs python3 with simple-salesforce (`make deps` installs it); fails, never skips, without them.
@Suite struct SimpleSalesforceCompatibilityTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Compatibility/simple_salesforce_check.py")

    @Test func simpleSalesforceWorksUnchanged() async throws {
        let contacts = 1234
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: contacts, seed: 11, tls: .generated))
        let endpoint = try await server.start()
        #expect(endpoint.url.scheme == "https")
        var environment = ProcessInfo.processInfo.environment
        environment["REQUESTS_CA_BUNDLE"] = try #require(endpoint.caCertificateFile).path
        let result = try await withCleanup {
            try await ProcessRunner.run(
                "python3", [Self.script.path, endpoint.url.absoluteString, endpoint.accessToken, "\(contacts)"],
                environment: environment)
        } cleanup: {
            await server.stop()
        }
        #expect(result.status == 0, "\(result.error)\(result.output)")
        #expect(result.output.contains("simple-salesforce compatible"), "\(result.error)\(result.output)")
    }
}
