import Foundation
import Synchronization

/// The OAuth refresh-token grant: `POST /services/oauth2/token` with `grant_type=refresh_token`,
/// at the login host when one is given (`https://login.salesforce.com`, a My Domain), else at
/// the instance. A rotated `refresh_token` in the answer replaces the old one, so the next
/// renewal works after the org stops accepting the first.
public final class RefreshTokenGrant: TokenProvider {
    /// Where the token endpoint lives: the login URL, or the instance URL.
    public let tokenHost: URL
    public let clientID: String?
    private let clientSecret: String?
    private let currentRefreshToken: Mutex<String>

    public init(refreshToken: String, clientID: String?, clientSecret: String? = nil, tokenHost: URL) {
        self.currentRefreshToken = Mutex(refreshToken)
        self.clientID = clientID?.isEmpty == true ? nil : clientID
        self.clientSecret = clientSecret?.isEmpty == true ? nil : clientSecret
        self.tokenHost = tokenHost
    }

    /// The grant `settings` describe, at their login URL or else at `instanceURL`.
    public convenience init(_ settings: RefreshSettings, instanceURL: URL) {
        self.init(
            refreshToken: settings.refreshToken, clientID: settings.clientID, clientSecret: settings.clientSecret,
            tokenHost: settings.loginURL ?? instanceURL)
    }

    /// The refresh token the next renewal sends (the latest the org rotated to).
    public var refreshToken: String {
        currentRefreshToken.withLock { $0 }
    }

    /// The refresh token it holds now (rotated or not) and the client secret.
    public var secrets: [String] {
        [refreshToken] + (clientSecret.map { [$0] } ?? [])
    }

    public func renewToken(
        replacing staleToken: String, transport: any RestTransport, timeout: Duration
    ) async throws(TokenRenewalError) -> String {
        let sentRefreshToken = refreshToken
        let endpoint = Endpoint(instanceURL: tokenHost)
        let request = TransportRequest(
            method: .POST, url: endpoint.base + "/services/oauth2/token", host: endpoint.host,
            headers: [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"],
            body: Array(PercentEncoding.encodePairs(form(refreshToken: sentRefreshToken)).utf8), timeout: timeout)
        let response: RestResponse
        do {
            response = try await withTimeout(timeout) { () async throws(RestClientError) in
                try await transport.execute(request)
            }
        } catch .timedOut {
            throw TokenRenewalError(
                message: "the session expired and the token refresh timed out; try again, or sign in again.",
                isRefusal: false)
        } catch {
            throw TokenRenewalError(
                message: "the session expired and the token refresh failed (\(error)); try again, or sign in again.",
                isRefusal: false)
        }
        guard (200...299).contains(response.status) else {
            if let refusal = Self.refusal(response) {
                throw TokenRenewalError(message: refusal, isRefusal: true)
            }
            throw TokenRenewalError(
                message: "the session expired and the token endpoint answered HTTP \(response.status); try again.",
                isRefusal: false)
        }
        guard let grant = try? response.decode(Grant.self), !grant.accessToken.isEmpty else {
            // A page from something in between (a portal, a proxy), not the token endpoint's word.
            throw TokenRenewalError(
                message: "the session expired and the token endpoint answered without an access token; try again.",
                isRefusal: false)
        }
        if let rotated = grant.refreshToken, !rotated.isEmpty {
            // Only if no other renewal rotated it meanwhile.
            currentRefreshToken.withLock { current in
                if current == sentRefreshToken { current = rotated }
            }
        }
        return grant.accessToken
    }

    /// The grant's form, in the order Salesforce's examples give it.
    private func form(refreshToken: String) -> [(name: String, value: String)] {
        var form = [(name: "grant_type", value: "refresh_token"), (name: "refresh_token", value: refreshToken)]
        if let clientID { form.append((name: "client_id", value: clientID)) }
        if let clientSecret { form.append((name: "client_secret", value: clientSecret)) }
        return form
    }

    /// The OAuth errors that refuse the grant itself: the refresh token or the connected app is
    /// not accepted, and asking again will not change that (Salesforce also spells
    /// `invalid_client` as `invalid_client_id`).
    static let refusingErrors: Set<String> = [
        "invalid_grant", "invalid_client", "invalid_client_id", "unauthorized_client",
    ]

    /// The sentence of a refused refresh (400 or 401 with `{"error": "invalid_grant", …}` or
    /// another of `refusingErrors`), with what to do about it; `nil` for any other answer (a 5xx,
    /// a 429, an HTML page), which is transient: the next 401 may renew again.
    private static func refusal(_ response: RestResponse) -> String? {
        guard [400, 401].contains(response.status), let failure = try? response.decode(Failure.self),
            refusingErrors.contains(failure.error)
        else {
            return nil
        }
        let detail = failure.errorDescription.map { failure.error + ": " + $0 } ?? failure.error
        if failure.error == "invalid_client" || failure.error == "invalid_client_id" {
            return "the session expired and the connected app's credentials were refused (\(detail)); "
                + "check the client id and client secret."
        }
        return "the session expired and the refresh was refused (\(detail)); sign in again to get a new refresh token."
    }

    private struct Grant: Decodable {
        var accessToken: String
        var refreshToken: String?
        enum CodingKeys: String, CodingKey {
            case accessToken = "access_token"
            case refreshToken = "refresh_token"
        }
    }

    private struct Failure: Decodable {
        var error: String
        var errorDescription: String?
        enum CodingKeys: String, CodingKey {
            case error
            case errorDescription = "error_description"
        }
    }
}
