import Foundation
import Hummingbird
import JSONKit

/// `POST /services/oauth2/token` (refresh_token, password and client_credentials grants,
/// form-encoded or multipart) and `POST /services/oauth2/revoke`. No access token is needed; every
/// path of the group has its parameters read first, so a malformed body is refused before a 404 or 405.
struct OAuthRoutes {
    /// The demo user the password grant accepts.
    static let demoUsername = "demo@example.com"
    static let demoPassword = "demo"

    let tokens: TokenStore
    /// `http` or `https`, as the org serves.
    let scheme: String
    /// `http://host:port` (or `https://`) as the org is bound, for clients that send no usable Host header.
    let instanceURL: @Sendable () -> String

    func addRoutes(to oauth: some RouterMethods<OAuthContext>) {
        _ = oauth.add(middleware: FormParametersMiddleware())
        oauth.post("token", use: token)
        oauth.refuseMethods(except: [.post], on: "token")
        oauth.get("revoke", use: revoke)
        oauth.post("revoke", use: revoke)
        oauth.refuseMethods(except: [.get, .post], on: "revoke")
        oauth.notFound(on: "*")
    }

    @Sendable private func token(_ request: Request, _ context: OAuthContext) throws -> Response {
        let instanceURL = instanceURL(reachedBy: request)
        switch context.parameter("grant_type") {
        case "refresh_token":
            guard let refresh = context.parameter("refresh_token"), tokens.isValidRefreshToken(refresh) else {
                throw OAuthError("invalid_grant", "expired access/refresh token")
            }
        case "password":
            guard context.parameter("username") == Self.demoUsername,
                let password = context.parameter("password"), password.hasPrefix(Self.demoPassword)
            else {
                throw OAuthError("invalid_grant", "authentication failure")
            }
        case "client_credentials":
            guard let clientID = context.parameter("client_id"), !clientID.isEmpty,
                let secret = context.parameter("client_secret"), !secret.isEmpty
            else {
                throw OAuthError("invalid_client", "invalid client credentials")
            }
        default:
            throw OAuthError("unsupported_grant_type", "grant type not supported")
        }
        return tokenResponse(instanceURL: instanceURL)
    }

    @Sendable private func revoke(_ request: Request, _ context: OAuthContext) throws -> Response {
        guard let token = context.parameter("token"), tokens.revoke(token) else {
            throw OAuthError("unsupported_token_type", "this token type is not supported")
        }
        return Response(status: .ok)
    }

    /// The org's scheme and the host and port the client used (its Host header), so that a client that
    /// reached an org bound to 0.0.0.0 by some name is told that name; the bound URL otherwise.
    private func instanceURL(reachedBy request: Request) -> String {
        guard let authority = request.head.authority, !authority.isEmpty,
            authority.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "]")
            })
        else { return instanceURL() }
        return scheme + "://" + authority
    }

    private func tokenResponse(instanceURL: String) -> Response {
        let issuedAt = String(WallClock.nowMillis())
        let userID = SalesforceID.make(keyPrefix: "005", serial: 1)
        var signatureBytes = [UInt8](repeating: 0, count: 32)
        var generator = SystemRandomNumberGenerator()
        for index in signatureBytes.indices { signatureBytes[index] = generator.next() }
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("access_token", tokens.issueAccessToken())
        writer.pair("instance_url", instanceURL)
        writer.pair("id", "https://login.salesforce.com/id/" + tokens.orgID + "/" + userID)
        writer.pair("token_type", "Bearer")
        writer.pair("issued_at", issuedAt)
        writer.pair("signature", Data(signatureBytes).base64EncodedString())
        writer.pair("scope", "api refresh_token")
        writer.endObject()
        return .json(writer.bytes)
    }
}
