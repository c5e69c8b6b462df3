/// Renews an expired session. The app chooses how: the OAuth refresh-token grant
/// (`RefreshTokenGrant`, in RestCore) or the Salesforce CLI (in Credentials).
public protocol TokenProvider: Sendable {
    /// A new access token to replace `staleToken`, which the org just refused (401).
    /// `transport` is the client's own (same proxy and CA settings); `timeout` bounds the call.
    func renewToken(
        replacing staleToken: String, transport: any RestTransport, timeout: Duration
    )
        async throws(TokenRenewalError) -> String

    /// Every secret the provider holds now (a refresh token it rotated to, a client secret):
    /// redacted from every message, as the configuration's own are.
    var secrets: [String] { get }
}

extension TokenProvider {
    /// A provider that keeps no secret of its own (the Salesforce CLI keeps them).
    public var secrets: [String] { [] }
}
