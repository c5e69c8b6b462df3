import Foundation
import MockOrg
import TestSupport
import Testing

/// Runs simple-salesforce (from PyPI, unchanged) against a running mock org.
/// Needs python3 with simple-salesforce (`make deps` installs it); fails, never skips, without them.
@Suite struct SimpleSalesforceCompatibilityTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Compatibility/simple_salesforce_check.py")

    @Test func simpleSalesforceWorksUnchanged() async throws {
        let contacts = 1234
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: contacts, seed: 11))
        let endpoint = try await server.start()
        let result = try await withCleanup {
            try await ProcessRunner.run(
                "python3", [Self.script.path, endpoint.url.absoluteString, endpoint.accessToken, "\(contacts)"])
        } cleanup: {
            await server.stop()
        }
        #expect(result.status == 0, "\(result.error)\(result.output)")
        #expect(result.output.contains("simple-salesforce compatible"), "\(result.error)\(result.output)")
    }
}
