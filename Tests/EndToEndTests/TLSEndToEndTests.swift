import Foundation
import MockOrg
import TestSupport
import Testing

/// `contact-tui list` against a mock org over https: it trusts the org's private CA through
/// `SSL_CERT_FILE`, and without it stops with one sentence about the certificate.
@Suite("contact-tui over TLS")
struct TLSEndToEndTests {
    static func withTLSOrg(_ body: (LiveOrg, String) async throws -> Void) async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30, tls: .generated)) { org in
            #expect(org.endpoint.url.scheme == "https")
            try await body(org, try #require(org.caCertificateFile).path)
        }
    }

    static func list(_ org: LiveOrg, sslCertFile: String?) async throws -> ProcessRunner.Outcome {
        var environment = ListCommandTests.environment()
        environment["SSL_CERT_FILE"] = sslCertFile
        return try await ProcessRunner.run(
            try Binary.path,
            ["list", "--query", "SELECT Id FROM Contact"] + ListCommandTests.orgArguments(org.endpoint),
            environment: environment)
    }

    @Test func listTrustsTheOrgsCAThroughSSLCertFile() async throws {
        try await Self.withTLSOrg { org, caFile in
            let outcome = try await Self.list(org, sslCertFile: caFile).checked()
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.first == "Id")
            #expect(lines.count == 31)
            #expect(outcome.error.isEmpty)
        }
    }

    @Test func withoutTheCATheCertificateIsNotTrusted() async throws {
        try await Self.withTLSOrg { org, _ in
            let outcome = try await Self.list(org, sslCertFile: nil)
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.split(separator: "\n").count == 1, "\(outcome.error)")
            #expect(outcome.error.contains("certificate is not trusted"), "\(outcome.error)")
            #expect(outcome.error.contains("set SSL_CERT_FILE to its PEM file"), "\(outcome.error)")
            #expect(!outcome.error.contains(org.endpoint.accessToken))
        }
    }

    @Test func anSSLCertFileThatCannotBeReadIsOneSentence() async throws {
        try await Self.withTLSOrg { org, caFile in
            let directory = URL(fileURLWithPath: caFile).deletingLastPathComponent().path
            for path in [directory + "/missing.pem", directory] {
                let outcome = try await Self.list(org, sslCertFile: path)
                #expect(outcome.status == 1)
                #expect(
                    outcome.error
                        == "contact-tui: SSL_CERT_FILE names \(path), which holds no PEM certificate that can be read.\n"
                )
            }
        }
    }
}
