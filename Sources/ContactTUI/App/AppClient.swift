import Foundation
import RestCore

/// Makes the app's `RestClient`: async-http-client over the network the environment describes,
/// trusting the extra certificate authorities in `SSL_CERT_FILE` (PEM) besides the system's.
/// Certificate verification always stays on.
enum AppClient {
    static func make(
        _ configuration: RestClientConfiguration, environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> RestClient {
        var trusted: TrustedCertificates?
        if let path = environment["SSL_CERT_FILE"], !path.isEmpty {
            do {
                trusted = try TrustedCertificates(pemFile: path)
            } catch {
                throw .runtime("SSL_CERT_FILE names \(path), which holds no PEM certificate that can be read.")
            }
        }
        return RestClient(configuration: configuration, trusting: trusted)
    }
}
