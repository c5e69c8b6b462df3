import NIOSSL

/// Certificate authorities to trust on top of the system's roots, read from a PEM file that holds
/// one or many certificates (what curl and Python read from `SSL_CERT_FILE`). Verification itself
/// always stays on.
public struct TrustedCertificates: Sendable {
    let certificates: [NIOSSLCertificate]
    /// The file they were read from, for messages.
    public let path: String

    /// Reads every certificate in the PEM file at `path`; a file that cannot be read or holds no
    /// certificate throws `.invalidRequest` with a reason.
    public init(pemFile path: String) throws(RestClientError) {
        let certificates: [NIOSSLCertificate]
        do {
            certificates = try NIOSSLCertificate.fromPEMFile(path)
        } catch NIOSSLError.noSuchFilesystemObject {
            throw .invalidRequest("the file \(path) does not exist or cannot be read.")
        } catch {
            throw .invalidRequest("the file \(path) holds no PEM certificate that can be read.")
        }
        guard !certificates.isEmpty else {
            throw .invalidRequest("the file \(path) holds no PEM certificate.")
        }
        self.certificates = certificates
        self.path = path
    }
}
