import Foundation

/// What the OAuth refresh-token grant needs to renew a session: the refresh token, the connected
/// app that sends it (client id, and secret when the app requires one) and where it goes. One
/// value from where credentials are resolved to `RefreshTokenGrant`.
public struct RefreshSettings: Sendable, Hashable {
    public var refreshToken: String
    public var clientID: String?
    /// Sent with the refresh token, for connected apps that require it.
    public var clientSecret: String?
    /// Where the grant goes (e.g. `https://login.salesforce.com`); nil means the instance.
    public var loginURL: URL?

    public init(refreshToken: String, clientID: String? = nil, clientSecret: String? = nil, loginURL: URL? = nil) {
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.loginURL = loginURL
    }
}
