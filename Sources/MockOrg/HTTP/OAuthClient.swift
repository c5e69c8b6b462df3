/// The connected app (consumer key and secret) and the user that the token endpoint's grants
/// check: given in the configuration, or the app's made at start, so that reaching the port is
/// not enough to get a token.
struct OAuthClient: Sendable {
    let id: String
    let secret: String
    /// Whether a refresh must send the secret: only when it was given (`--client-secret`); a
    /// refresh token is a credential of its own.
    let refreshNeedsSecret: Bool
    let username: String
    let password: String

    init(_ configuration: MockOrgConfiguration) {
        id = configuration.clientID ?? TokenStore.randomToken(prefix: "3MVG9MOCK", length: 48)
        secret = configuration.clientSecret ?? TokenStore.randomToken(prefix: "MOCK", length: 48)
        refreshNeedsSecret = configuration.clientSecret != nil
        username = configuration.username
        password = configuration.password
    }
}
