import Foundation
import MockOrg
import TestSupport
import Testing

@testable import RestCore

/// Which certificates the transport trusts: the system's roots plus the PEM file it is given,
/// with verification always on.
@Suite struct TLSTrustTests {
    /// A client for `endpoint` over a transport trusting `trusted` besides the system's roots.
    /// The connect timeout is far longer than the request's: a certificate tried again until the
    /// connect timeout would end in the request's timeout, not in the refusal.
    static func send(
        to endpoint: MockOrgEndpoint, trusting trusted: TrustedCertificates?
    ) async throws(RestClientError) -> RestResponse {
        let client = RestClient(
            configuration: RestClientConfiguration(
                instanceURL: endpoint.url, accessToken: endpoint.accessToken, timeout: .seconds(60)),
            transport: AsyncHTTPClientTransport(connectTimeout: .seconds(600), trusting: trusted))
        let outcome: Result<RestResponse, RestClientError>
        do {
            outcome = .success(try await client.send(client.request(forQuery: "SELECT Id FROM Contact LIMIT 1")))
        } catch {
            outcome = .failure(error)
        }
        await client.shutdown()
        return try outcome.get()
    }

    @Test func anOrgBehindAnUnknownCAIsRefusedWithOneSentenceAtTheFirstHandshake() async throws {
        try await LiveOrg.with(OrgWire.https.org()) { org in
            // The client connects through a relay that counts its connections.
            let relay = try CountingRelay(forwardingTo: try #require(org.endpoint.url.port))
            defer { relay.stop() }
            let relayed = MockOrgEndpoint(
                url: try #require(URL(string: "https://127.0.0.1:\(relay.port)")),
                accessToken: org.endpoint.accessToken, refreshToken: org.endpoint.refreshToken)
            let error = await #expect(throws: RestClientError.self) {
                try await Self.send(to: relayed, trusting: nil)
            }
            #expect(relay.connections == 1, "an untrusted certificate is not tried again")
            guard case .transportFailed(let host, let reason) = error else {
                Issue.record("expected transportFailed, got \(String(describing: error))")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(reason.contains("its certificate is not trusted"))
            #expect(error?.description.contains("set SSL_CERT_FILE to its PEM file") == true)
            #expect(error?.description.contains(org.endpoint.accessToken) == false)
        }
    }

    @Test func aBundleOfManyCertificatesIsTrustedWhole() async throws {
        try await LiveOrg.with(OrgWire.https.org()) { first in
            try await LiveOrg.with(OrgWire.https.org()) { second in
                let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ca-\(UUID().uuidString)")
                try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
                defer { try? FileManager.default.removeItem(at: directory) }
                let bundle = directory.appendingPathComponent("bundle.pem")
                let pems = try [first, second].map {
                    try String(contentsOf: try #require($0.caCertificateFile), encoding: .utf8)
                }
                try Data(pems.joined().utf8).write(to: bundle)
                let trusted = try TrustedCertificates(pemFile: bundle.path)
                #expect(trusted.certificates.count == 2)
                for org in [first, second] {
                    #expect(try await Self.send(to: org.endpoint, trusting: trusted).status == 200)
                }
            }
        }
    }

    @Test func aFileWithNoCertificateIsRefusedUpFront() throws {
        let notPEM = FileManager.default.temporaryDirectory.appendingPathComponent("not-pem-\(UUID().uuidString)")
        try Data("hello\n".utf8).write(to: notPEM)
        defer { try? FileManager.default.removeItem(at: notPEM) }
        for path in [notPEM.path, "/nonexistent/ca.pem"] {
            let error = #expect(throws: RestClientError.self) { try TrustedCertificates(pemFile: path) }
            #expect(error?.description.contains(path) == true)
        }
    }
}
