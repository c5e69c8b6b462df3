import Foundation
import RestCore

/// Where to find an org and how to authenticate to it.
public struct OrgCredentials: Sendable {
    public var instanceURL: URL
    public var accessToken: String
    public var refreshToken: String?
    public var clientID: String?
    public var clientSecret: String?
    /// Where the refresh grant goes; nil means the instance.
    public var loginURL: URL?
    /// The org's REST API version as the Salesforce CLI gives it (`"v66.0"`), else `nil`.
    public var apiVersion: String?
    /// Where these came from, for messages: `"sf org (alias)"`, `"sf default org (alias)"`,
    /// `"command-line options"`, `"environment"`.
    public var source: String
    /// Renews an expired session (the Salesforce CLI for an org it gave); `nil`: the refresh grant.
    public var tokenProvider: (any TokenProvider)?

    public init(
        instanceURL: URL, accessToken: String, refreshToken: String? = nil, clientID: String? = nil,
        clientSecret: String? = nil, loginURL: URL? = nil, apiVersion: String? = nil,
        source: String, tokenProvider: (any TokenProvider)? = nil
    ) {
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.loginURL = loginURL
        self.apiVersion = apiVersion
        self.source = source
        self.tokenProvider = tokenProvider
    }

    /// A client configuration for these credentials: `apiVersion` when given, else the org's own
    /// from the Salesforce CLI, else `RestClientConfiguration.defaultAPIVersion`.
    public func configuration(apiVersion: String? = nil, timeout: Duration = .seconds(60)) -> RestClientConfiguration {
        RestClientConfiguration(
            instanceURL: instanceURL, accessToken: accessToken, refreshToken: refreshToken, clientID: clientID,
            clientSecret: clientSecret, loginURL: loginURL, tokenProvider: tokenProvider,
            apiVersion: apiVersion ?? self.apiVersion ?? RestClientConfiguration.defaultAPIVersion, timeout: timeout)
    }
}
