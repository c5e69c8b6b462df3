import NIOSSL

extension AsyncHTTPClientTransport {
    /// The client's TLS settings: the system's roots plus `extraCertificates`, with full
    /// verification of the chain and the host name (nothing turns it off).
    static func tlsConfiguration(trusting extraCertificates: TrustedCertificates?) -> TLSConfiguration {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.certificateVerification = .fullVerification
        if let extraCertificates {
            configuration.additionalTrustRoots = [.certificates(extraCertificates.certificates)]
        }
        return configuration
    }

    /// The reason for a failed certificate check (for an untrusted one, with what to do about a
    /// private CA); nil when `error` is not one.
    static func certificateFailure(_ error: any Error, host: String) -> String? {
        if let error = error as? NIOSSLExtraError, error == .failedToValidateHostname {
            return "its certificate is for other host names, not \(host)"
        }
        guard let error = error as? NIOSSLError, case .handshakeFailed(let detail) = error else { return nil }
        guard String(describing: detail).uppercased().contains("CERTIFICATE_VERIFY_FAILED") else {
            return "the TLS handshake failed"
        }
        return "its certificate is not trusted (certificate verify failed); "
            + "if the org uses a private CA, set SSL_CERT_FILE to its PEM file"
    }
}
