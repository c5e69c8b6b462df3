import Crypto
import Foundation
import HummingbirdTLS
import SwiftASN1
import X509

extension TLSIdentity {
    /// A fresh certificate authority and a server certificate it signs for the loopback names,
    /// both on P-256 keys; the authority's certificate goes to a PEM file in a new temporary directory.
    static func generated() async throws(MockOrgError) -> TLSIdentity {
        let caKey = P256.Signing.PrivateKey()
        let serverKey = P256.Signing.PrivateKey()
        let caCertificate: Certificate
        let serverCertificate: Certificate
        do {
            (caCertificate, serverCertificate) = try makeCertificates(caKey: caKey, serverKey: serverKey)
        } catch {
            throw .tlsFailed("The mock org could not make its TLS certificate: \(error).")
        }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contact-tui-mock-org-" + UUID().uuidString, isDirectory: true)
        let caFile = directory.appendingPathComponent("ca.pem")
        let configuration: TLSConfiguration
        do {
            let caPEM = try caCertificate.serializeAsPEM().pemString
            let serverPEM = try serverCertificate.serializeAsPEM().pemString
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
            try Data((caPEM + "\n").utf8).write(to: caFile)
            configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: [.certificate(try NIOSSLCertificate(bytes: Array(serverPEM.utf8), format: .pem))],
                privateKey: .privateKey(
                    try NIOSSLPrivateKey(bytes: Array(serverKey.pemRepresentation.utf8), format: .pem)))
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw .tlsFailed("The mock org could not write its CA certificate to \(directory.path): \(error).")
        }
        return TLSIdentity(configuration: configuration, caCertificateFile: caFile)
    }

    private static func makeCertificates(
        caKey: P256.Signing.PrivateKey, serverKey: P256.Signing.PrivateKey
    ) throws -> (ca: Certificate, server: Certificate) {
        let now = Date()
        // A little slack before now, for clocks that disagree by a few seconds.
        let notBefore = now.addingTimeInterval(-3600)
        let notAfter = now.addingTimeInterval(30 * 24 * 3600)
        let caName = try DistinguishedName {
            OrganizationName("contact-tui mock org")
            CommonName("contact-tui mock org CA")
        }
        let caPublicKey = Certificate.PublicKey(caKey.publicKey)
        let caKeyID = SubjectKeyIdentifier(hash: caPublicKey)
        let ca = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: caPublicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: caName, subject: caName, signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: 0))
                Critical(KeyUsage(keyCertSign: true, cRLSign: true))
                caKeyID
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey))
        let serverPublicKey = Certificate.PublicKey(serverKey.publicKey)
        let server = try Certificate(
            version: .v3, serialNumber: .init(), publicKey: serverPublicKey, notValidBefore: notBefore,
            notValidAfter: notAfter, issuer: caName,
            subject: try DistinguishedName { CommonName("localhost") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.notCertificateAuthority)
                Critical(KeyUsage(digitalSignature: true))
                try ExtendedKeyUsage([.serverAuth])
                SubjectKeyIdentifier(hash: serverPublicKey)
                AuthorityKeyIdentifier(keyIdentifier: caKeyID.keyIdentifier)
                SubjectAlternativeNames([
                    .dnsName("localhost"),
                    .ipAddress(ASN1OctetString(contentBytes: [127, 0, 0, 1])),
                    .ipAddress(ASN1OctetString(contentBytes: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1])),
                ])
            },
            issuerPrivateKey: Certificate.PrivateKey(caKey))
        return (ca, server)
    }
}
