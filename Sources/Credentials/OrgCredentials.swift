import Foundation
import RestCore

/// Where to find an org and how to authenticate to it.
public struct OrgCredentials: Sendable, Hashable {
    public var instanceURL: URL
    public var accessToken: String
    public var refreshToken: String?
    public var clientID: String?
    public var clientSecret: String?
    /// Where the refresh grant goes; nil means the instance.
    public var loginURL: URL?
    /// Where these came from, for messages: `"sf org display (alias)"`, `"command-line options"`, `"environment"`.
    public var source: String

    public init(
        instanceURL: URL, accessToken: String, refreshToken: String? = nil, clientID: String? = nil,
        clientSecret: String? = nil, loginURL: URL? = nil, source: String
    ) {
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.loginURL = loginURL
        self.source = source
    }

    /// A client configuration for these credentials.
    public func configuration(apiVersion: String = "v66.0", timeout: Duration = .seconds(60)) -> RestClientConfiguration
    {
        RestClientConfiguration(
            instanceURL: instanceURL, accessToken: accessToken, refreshToken: refreshToken, clientID: clientID,
            clientSecret: clientSecret, loginURL: loginURL, apiVersion: apiVersion, timeout: timeout)
    }
}
