/// Whether and how a mock org serves https.
public enum MockOrgTLS: Sendable, Hashable {
    /// A certificate for 127.0.0.1, ::1 and localhost, made at start and signed by a certificate
    /// authority also made at start; the authority's certificate is written to a PEM file that
    /// clients can trust (`MockOrgEndpoint.caCertificateFile`).
    case generated
    /// The certificate chain and private key in these PEM files.
    case files(certificateChain: String, privateKey: String)
}
