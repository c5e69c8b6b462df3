import Foundation
import RestCore

extension OrgOptions {
    /// The client configuration from the options, then the environment.
    func clientConfiguration(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(CommandFailure) -> RestClientConfiguration {
        let instance = instanceURL ?? environment["SF_INSTANCE_URL"]
        let token = accessToken ?? environment["SF_ACCESS_TOKEN"]
        guard let instance, let token, !instance.isEmpty, !token.isEmpty else {
            throw CommandFailure.usage(
                "No org to open: pass --instance-url and --access-token, set SF_INSTANCE_URL and SF_ACCESS_TOKEN, or try --demo."
            )
        }
        guard let url = URL(string: instance), let scheme = url.scheme, ["http", "https"].contains(scheme),
            url.host != nil
        else {
            throw CommandFailure.usage("The instance URL '\(instance)' is not an http(s) URL.")
        }
        return RestClientConfiguration(
            instanceURL: url, accessToken: token,
            refreshToken: refreshToken ?? environment["SF_REFRESH_TOKEN"],
            clientID: clientID ?? environment["SF_CLIENT_ID"],
            apiVersion: apiVersion, timeout: .milliseconds(Int(timeout * 1000)))
    }
}
