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

    /// The first refresh-grant option given (`--refresh-token`, `--client-id`, `--client-secret`,
    /// `--login-url`), which only a session the refresh grant renews can use.
    var refreshFlagGiven: String? {
        let flags = [
            ("--refresh-token", refreshToken), ("--client-id", clientID), ("--client-secret", clientSecret),
            ("--login-url", loginURL),
        ]
        return flags.first { $0.1?.nonEmpty != nil }?.0
    }
}
