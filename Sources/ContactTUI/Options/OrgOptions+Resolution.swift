import Credentials
import Foundation
import RestCore

extension OrgOptions {
    /// The client configuration, with credentials in ARCHITECTURE.md's order: `--target-org`
    /// through the Salesforce CLI, then `--instance-url`/`--access-token-file` (or `--access-token`,
    /// with a warning on standard error: the process list shows it), then the environment,
    /// then the Salesforce CLI's default org.
    /// No credentials at all is a usage error (exit 2); a failing `sf` is a runtime one (exit 1).
    /// An `http://` instance URL on a host that is not loopback is refused here, before any
    /// connection, as a usage error.
    func resolvedConfiguration(
        targetOrg: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) async throws(CommandFailure) -> RestClientConfiguration {
        StandardError.report(visibleSecretWarnings)
        let credentials: OrgCredentials
        do {
            credentials = try await CredentialResolver.resolve(
                CredentialOptions(
                    targetOrg: targetOrg, instanceURL: instanceURL, accessToken: accessToken,
                    refreshToken: refreshToken, clientID: clientID, clientSecret: clientSecret, loginURL: loginURL,
                    accessTokenFile: accessTokenFile, refreshTokenFile: refreshTokenFile,
                    clientSecretFile: clientSecretFile),
                environment: environment)
        } catch {
            throw error.isUsageError ? .usage(error.description) : .runtime(error.description)
        }
        let configuration = configuration(for: credentials)
        if let refusal = CleartextPolicy.refusal(for: configuration.instanceURL) {
            throw .usage(refusal)
        }
        return configuration
    }

    /// The client configuration for `credentials`, with `--api-version` (else the org's version
    /// from sf), `--timeout`, `--serial` and `--read-only` applied, and the credentials' token
    /// provider: the one place these options reach a client, for a real org and the demo org alike.
    func configuration(for credentials: OrgCredentials) -> RestClientConfiguration {
        applyingRequestPolicy(
            to: credentials.configuration(apiVersion: requestedAPIVersion, timeout: .milliseconds(Int(timeout * 1000))))
    }

    /// `configuration` with `--serial` and `--read-only` applied.
    private func applyingRequestPolicy(to configuration: RestClientConfiguration) -> RestClientConfiguration {
        var configured = configuration
        configured.dispatch = serial ? .serial : .parallel
        if readOnly {
            configured.shouldMakeRequest = { !$0.method.isWrite }
        }
        return configured
    }
}
