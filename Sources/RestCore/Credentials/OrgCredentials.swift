import Foundation

/// Where to find an org and how to authenticate to it.
public struct OrgCredentials: Sendable, Hashable {
    public var instanceURL: URL
    public var accessToken: String
    public var refreshToken: String?
    public var clientID: String?
    /// Where these came from, for messages: `"sf org display (alias)"`, `"command-line options"`, `"environment"`.
    public var source: String

    public init(
        instanceURL: URL, accessToken: String, refreshToken: String? = nil, clientID: String? = nil, source: String
    ) {
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.source = source
    }

    /// A client configuration for these credentials.
    public func configuration(apiVersion: String = "v66.0", timeout: Duration = .seconds(60)) -> RestClientConfiguration
    {
        RestClientConfiguration(
            instanceURL: instanceURL, accessToken: accessToken, refreshToken: refreshToken, clientID: clientID,
            apiVersion: apiVersion, timeout: timeout)
    }
}

/// What the command line says about credentials (each `nil` when not given).
public struct CredentialOptions: Sendable, Hashable {
    public var targetOrg: String?
    public var instanceURL: String?
    public var accessToken: String?
    public var refreshToken: String?
    public var clientID: String?

    public init(
        targetOrg: String? = nil, instanceURL: String? = nil, accessToken: String? = nil, refreshToken: String? = nil,
        clientID: String? = nil
    ) {
        self.targetOrg = targetOrg
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
    }
}

/// Why no credentials could be found. `isUsageError` tells a usage problem (exit 2) from a
/// runtime failure (exit 1). Messages never contain a token.
public enum CredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing says which org to use.
    case missing
    /// Credentials are given but incomplete or malformed.
    case invalid(String)
    /// `sf org display` could not be run or did not give credentials.
    case salesforceCLIFailed(String)

    public var isUsageError: Bool {
        switch self {
        case .missing, .invalid: return true
        case .salesforceCLIFailed: return false
        }
    }

    public var description: String {
        switch self {
        case .missing:
            return "No org given: pass --target-org ALIAS, or --instance-url and --access-token, or set "
                + "SF_INSTANCE_URL and SF_ACCESS_TOKEN; or try --demo to use a local mock org."
        case .invalid(let detail):
            return "Invalid credentials: \(detail)"
        case .salesforceCLIFailed(let detail):
            return "Could not get the org from the Salesforce CLI: \(detail)"
        }
    }
}
