import Foundation

/// Where a started mock org listens and the credentials it accepts.
public struct MockOrgEndpoint: Sendable {
    /// `http://HOST:PORT`, with the port actually bound.
    public let url: URL
    /// A valid access token (send it as `Authorization: Bearer …`).
    public let accessToken: String
    /// A refresh token accepted by `POST /services/oauth2/token`.
    public let refreshToken: String

    /// Makes an endpoint value.
    public init(url: URL, accessToken: String, refreshToken: String) {
        self.url = url
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}
