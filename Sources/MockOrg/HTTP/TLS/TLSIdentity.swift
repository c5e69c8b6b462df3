import Foundation
import HummingbirdTLS

/// The certificate and key a mock org serves https with, and the file of the certificate
/// authority clients must trust when the org made them itself.
struct TLSIdentity: Sendable {
    let configuration: TLSConfiguration
    /// The PEM file of the made-up certificate authority; nil for the user's own files.
    let caCertificateFile: URL?
    /// The directory the CA certificate was written to, removed when the org stops.
    private let temporaryDirectory: URL?

    init(configuration: TLSConfiguration, caCertificateFile: URL? = nil) {
        self.configuration = configuration
        self.caCertificateFile = caCertificateFile
        self.temporaryDirectory = caCertificateFile?.deletingLastPathComponent()
    }

    /// The identity `tls` asks for; throws `MockOrgError.tlsFailed` with one sentence.
    static func make(_ tls: MockOrgTLS) async throws(MockOrgError) -> TLSIdentity {
        switch tls {
        case .generated: try await generated()
        case .files(let certificateChain, let privateKey):
            try loaded(certificateChain: certificateChain, privateKey: privateKey)
        }
    }

    /// Removes the CA certificate file this org wrote, if any.
    func removeTemporaryFiles() {
        if let temporaryDirectory { try? FileManager.default.removeItem(at: temporaryDirectory) }
    }
}
