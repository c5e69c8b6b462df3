import Foundation

/// Where a started mock org listens and the credentials it accepts.
public struct MockOrgEndpoint: Sendable {
    /// `http://HOST:PORT` (`https://` under TLS), with the port actually bound.
    public let url: URL
    /// A valid access token (send it as `Authorization: Bearer …`).
    public let accessToken: String
    /// A refresh token accepted by `POST /services/oauth2/token`.
    public let refreshToken: String
    /// The connected app's consumer key and secret that the password and client-credentials grants need.
    public let clientID: String
    public let clientSecret: String
    /// The PEM file of the certificate authority clients must trust, when the org made its own
    /// TLS certificate (`MockOrgTLS.generated`); removed when the org stops.
    public let caCertificateFile: URL?

    /// Makes an endpoint value.
    public init(
        url: URL, accessToken: String, refreshToken: String, clientID: String = "", clientSecret: String = "",
        caCertificateFile: URL? = nil
    ) {
        self.url = url
        self.accessToken = accessToken
        self.refreshToken = refreshToken
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.caCertificateFile = caCertificateFile
    }
}
