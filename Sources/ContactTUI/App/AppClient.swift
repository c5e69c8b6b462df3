import Foundation
import RestCore

/// Makes the app's `RestClient`: async-http-client over the network the environment describes,
/// through the proxies it names as curl reads them (`HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY`), and
/// trusting the extra certificate authorities in `SSL_CERT_FILE` (PEM) besides the system's.
/// Certificate verification always stays on. A proxy variable that is not a proxy URL is a
/// usage error.
enum AppClient {
    /// - Parameter proxied: `false` for the demo org, which runs in this process.
    static func make(
        _ configuration: RestClientConfiguration, proxied: Bool = true,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> RestClient {
        var trusted: TrustedCertificates?
        if let path = environment["SSL_CERT_FILE"], !path.isEmpty {
            do {
                trusted = try TrustedCertificates(pemFile: path)
            } catch {
                throw .runtime("SSL_CERT_FILE names \(path), which holds no PEM certificate that can be read.")
            }
        }
        var proxies = ProxySettings.direct
        do {
            if proxied { proxies = try ProxySettings(environment: environment) }
        } catch {
            guard case .invalidRequest(let reason) = error else { throw .usage(error.description) }
            throw .usage(reason)
        }
        return RestClient(configuration: configuration, proxies: proxies, trusting: trusted)
    }
}
