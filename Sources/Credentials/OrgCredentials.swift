import Foundation
import RestCore

/// Where to find an org and how to authenticate to it.
public struct OrgCredentials: Sendable {
    public var instanceURL: URL
    public var accessToken: String
    /// How to renew the session through the refresh-token grant, when the credentials say.
    public var refresh: RefreshSettings?
    /// The org's REST API version as the Salesforce CLI gives it, else `nil`.
    public var apiVersion: APIVersion?
    /// Where these came from, for messages: `"sf org (alias)"`, `"sf default org (alias)"`,
    /// `"command-line options"`, `"environment"`.
    public var source: String
    /// Renews an expired session (the Salesforce CLI for an org it gave); `nil`: the refresh grant.
    public var tokenProvider: (any TokenProvider)?

    public init(
        instanceURL: URL, accessToken: String, refresh: RefreshSettings? = nil, apiVersion: APIVersion? = nil,
        source: String, tokenProvider: (any TokenProvider)? = nil
    ) {
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refresh = refresh
        self.apiVersion = apiVersion
        self.source = source
        self.tokenProvider = tokenProvider
    }

    /// A client configuration for these credentials: `apiVersion` when given, else the org's own
    /// from the Salesforce CLI, else `RestClientConfiguration.defaultAPIVersion`.
    public func configuration(
        apiVersion: APIVersion? = nil, timeout: Duration = .seconds(60)
    ) -> RestClientConfiguration {
        RestClientConfiguration(
            instanceURL: instanceURL, accessToken: accessToken, refresh: refresh, tokenProvider: tokenProvider,
            apiVersion: apiVersion ?? self.apiVersion ?? RestClientConfiguration.defaultAPIVersion, timeout: timeout)
    }
}
