/// What the command line says about credentials (each `nil` when not given).
public struct CredentialOptions: Sendable, Hashable {
    public var targetOrg: String?
    public var instanceURL: String?
    public var accessToken: String?
    public var refreshToken: String?
    public var clientID: String?
    public var clientSecret: String?
    /// Where the refresh grant goes (`https://login.salesforce.com`); nil means the instance.
    public var loginURL: String?

    public init(
        targetOrg: String? = nil, instanceURL: String? = nil, accessToken: String? = nil, refreshToken: String? = nil,
        clientID: String? = nil, clientSecret: String? = nil, loginURL: String? = nil
    ) {
        self.targetOrg = targetOrg
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.loginURL = loginURL
    }
}
