import Foundation
import Hummingbird
import JSONKit

/// `POST /services/oauth2/token` (refresh_token, password and client_credentials grants,
/// form-encoded or multipart), `POST /services/oauth2/revoke` and `GET /services/oauth2/userinfo`. No access token is needed; every
/// path of the group has its parameters read first, so a malformed body is refused before a 404 or 405.
struct OAuthRoutes {
    let tokens: TokenStore
    /// The connected app and the user whose credentials the grants check.
    let client: OAuthClient
    /// `http` or `https`, as the org serves.
    let scheme: String
    /// `http://host:port` (or `https://`) as the org is bound, for clients that send no usable Host header.
    let instanceURL: @Sendable () -> String
    /// Whether a refresh answer rotates the refresh token.
    var rotatesRefreshTokens = false

    func addRoutes(to oauth: some RouterMethods<OAuthContext>) {
        _ = oauth.add(middleware: FormParametersMiddleware())
        oauth.post("token", use: token)
        oauth.refuseMethods(except: [.post], on: "token")
        oauth.get("revoke", use: revoke)
        oauth.post("revoke", use: revoke)
        oauth.refuseMethods(except: [.get, .post], on: "revoke")
        oauth.get("userinfo", use: userInfo)
        oauth.post("userinfo", use: userInfo)
        oauth.refuseMethods(except: [.get, .post], on: "userinfo")
        oauth.notFound(on: "*")
    }

    @Sendable private func token(_ request: Request, _ context: OAuthContext) throws -> Response {
        let instanceURL = instanceURL(reachedBy: request)
        var rotatedRefreshToken: String?
        switch context.parameter("grant_type") {
        case "refresh_token":
            if client.refreshNeedsSecret { try checkClientSecret(context) }
            guard let refresh = context.parameter("refresh_token"), tokens.isValidRefreshToken(refresh) else {
                throw OAuthError("invalid_grant", "expired access/refresh token")
            }
            if rotatesRefreshTokens {
                guard let rotated = tokens.rotateRefreshToken(refresh) else {
                    throw OAuthError("invalid_grant", "expired access/refresh token")
                }
                rotatedRefreshToken = rotated
            }
        case "password":
            // As on Salesforce: the connected app's id and secret, then the user's name and password.
            try checkClient(context)
            guard Self.equal(context.parameter("username"), client.username),
                Self.equal(context.parameter("password"), client.password)
            else {
                throw OAuthError("invalid_grant", "authentication failure")
            }
        case "client_credentials":
            try checkClient(context)
        default:
            throw OAuthError("unsupported_grant_type", "grant type not supported")
        }
        return tokenResponse(instanceURL: instanceURL, refreshToken: rotatedRefreshToken)
    }

    /// The connected app's id and secret, both, as Salesforce requires for these grants.
    private func checkClient(_ context: OAuthContext) throws {
        guard Self.equal(context.parameter("client_id"), client.id) else {
            throw OAuthError("invalid_client_id", "client identifier invalid")
        }
        try checkClientSecret(context)
    }

    /// A connected app that requires its secret refuses a grant without it, as Salesforce does.
    private func checkClientSecret(_ context: OAuthContext) throws {
        guard Self.equal(context.parameter("client_secret"), client.secret) else {
            throw OAuthError("invalid_client", "invalid client credentials")
        }
    }

    /// Compared in constant time; a missing parameter equals nothing.
    private static func equal(_ sent: String?, _ expected: String) -> Bool {
        guard let sent else { return false }
        return TokenStore.constantTimeEqual(Array(sent.utf8), Array(expected.utf8))
    }

    @Sendable private func revoke(_ request: Request, _ context: OAuthContext) throws -> Response {
        guard let token = context.parameter("token"), tokens.revoke(token) else {
            throw OAuthError("unsupported_token_type", "this token type is not supported")
        }
        return Response(status: .ok)
    }

    /// The org's scheme and the host and port the client used (its Host header), so that a client that
    /// reached an org bound to 0.0.0.0 by some name is told that name; the bound URL otherwise.
    func instanceURL(reachedBy request: Request) -> String {
        guard let authority = request.head.authority, !authority.isEmpty,
            authority.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "]")
            })
        else { return instanceURL() }
        return scheme + "://" + authority
    }

    private func tokenResponse(instanceURL: String, refreshToken: String? = nil) -> Response {
        let issuedAt = String(WallClock.system.nowMillis())
        let userID = MockOrgConfiguration.orgUserID
        var signatureBytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in signatureBytes.indices { signatureBytes[index] = generator.next() }
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("access_token", tokens.issueAccessToken())
        if let refreshToken { writer.pair("refresh_token", refreshToken) }
        writer.pair("instance_url", instanceURL)
        writer.pair("id", tokens.identityURL(of: userID))
        writer.pair("token_type", "Bearer")
        writer.pair("issued_at", issuedAt)
        writer.pair("signature", Data(signatureBytes).base64EncodedString())
        writer.pair("scope", "api refresh_token")
        writer.endObject()
        return .json(writer.bytes)
    }
}
