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
    /// Files that hold the secrets instead (`-`: standard input), kept out of the process list.
    public var accessTokenFile: String?
    public var refreshTokenFile: String?
    public var clientSecretFile: String?

    public init(
        targetOrg: String? = nil, instanceURL: String? = nil, accessToken: String? = nil, refreshToken: String? = nil,
        clientID: String? = nil, clientSecret: String? = nil, loginURL: String? = nil,
        accessTokenFile: String? = nil, refreshTokenFile: String? = nil, clientSecretFile: String? = nil
    ) {
        self.targetOrg = targetOrg
        self.instanceURL = instanceURL
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.loginURL = loginURL
        self.accessTokenFile = accessTokenFile
        self.refreshTokenFile = refreshTokenFile
        self.clientSecretFile = clientSecretFile
    }

    /// The options with each secret file read into its value. A secret given both ways, or more
    /// than one file read from standard input (which has one first line), is refused.
    func readingSecretFiles(standardInput: () -> String?) throws(CredentialError) -> CredentialOptions {
        let files = [
            ("--access-token", accessTokenFile, accessToken), ("--refresh-token", refreshTokenFile, refreshToken),
            ("--client-secret", clientSecretFile, clientSecret),
        ]
        if files.filter({ $0.1 == "-" }).count > 1 {
            throw .invalid(CredentialError.oneStandardInputSentence)
        }
        var read = self
        for (option, file, value) in files {
            guard let file else { continue }
            if value != nil { throw .invalid(CredentialError.givenTwiceSentence(option)) }
            let secret = try SecretFile.read(file, option: option + "-file", standardInput: standardInput)
            switch option {
            case "--access-token": read.accessToken = secret
            case "--refresh-token": read.refreshToken = secret
            default: read.clientSecret = secret
            }
        }
        read.accessTokenFile = nil
        read.refreshTokenFile = nil
        read.clientSecretFile = nil
        return read
    }

    /// The first refresh-grant option given (`--refresh-token`, `--client-id`, `--client-secret`,
    /// `--login-url`), which only a session the refresh grant renews can use.
    var refreshFlagGiven: String? {
        let flags = [
            ("--refresh-token", refreshToken), ("--refresh-token-file", refreshTokenFile), ("--client-id", clientID),
            ("--client-secret", clientSecret), ("--client-secret-file", clientSecretFile), ("--login-url", loginURL),
        ]
        return flags.first { $0.1?.nonEmpty != nil }?.0
    }
}
