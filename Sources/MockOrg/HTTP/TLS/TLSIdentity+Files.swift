import Foundation
import HummingbirdTLS
import X509

extension TLSIdentity {
    /// The user's certificate chain (server certificate first) and its private key, from PEM
    /// files; a file that cannot be read or a key that does not belong to the certificate is one sentence.
    static func loaded(certificateChain: String, privateKey: String) throws(MockOrgError) -> TLSIdentity {
        let chainPEM = try readText(certificateChain, what: "certificate")
        let keyPEM = try readText(privateKey, what: "private key")
        let chain: [NIOSSLCertificate]
        let key: NIOSSLPrivateKey
        let leaf: Certificate
        let swiftKey: Certificate.PrivateKey
        do {
            chain = try NIOSSLCertificate.fromPEMBytes(Array(chainPEM.utf8))
            guard !chain.isEmpty else { throw MockOrgError.tlsFailed("") }
            leaf = try Certificate(derEncoded: try chain[0].toDERBytes())
        } catch {
            throw .tlsFailed("The file \(certificateChain) holds no PEM certificate the mock org can read.")
        }
        do {
            key = try NIOSSLPrivateKey(bytes: Array(keyPEM.utf8), format: .pem)
            swiftKey = try Certificate.PrivateKey(pemEncoded: keyPEM)
        } catch {
            throw .tlsFailed("The file \(privateKey) holds no PEM private key the mock org can read.")
        }
        guard swiftKey.publicKey == leaf.publicKey else {
            throw .tlsFailed(
                "The private key in \(privateKey) does not belong to the certificate in \(certificateChain).")
        }
        return TLSIdentity(
            configuration: TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key)))
    }

    private static func readText(_ path: String, what: String) throws(MockOrgError) -> String {
        do {
            return try String(contentsOfFile: path, encoding: .utf8)
        } catch {
            throw .tlsFailed("The \(what) file \(path) could not be read.")
        }
    }
}
