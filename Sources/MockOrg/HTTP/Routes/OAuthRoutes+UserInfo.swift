import Hummingbird
import JSONKit

extension OAuthRoutes {
    /// `GET` (or `POST`) `/services/oauth2/userinfo`: who the access token's user is, in Salesforce's
    /// OpenID Connect shape (`user_id` and `organization_id` as 18-character ids). The token comes in
    /// the `Authorization` header or an `access_token` parameter; without a live one the answer is
    /// Salesforce's 403 `Bad_OAuth_Token`, as plain text.
    @Sendable func userInfo(_ request: Request, _ context: OAuthContext) throws -> Response {
        let token =
            request.headers[.authorization].flatMap(AuthenticationMiddleware.sessionToken(in:))
            ?? context.parameter("access_token")
        guard let token, tokens.isValidAccessToken(token) else {
            return Response(
                status: .forbidden, headers: [.contentType: "text/plain; charset=UTF-8"],
                body: ResponseBody(byteBuffer: ByteBuffer(string: "Bad_OAuth_Token")))
        }
        let userID = MockOrgConfiguration.orgUserID
        let base = instanceURL(reachedBy: request)
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("sub", tokens.identityURL(of: userID))
        writer.pair("user_id", userID)
        writer.pair("organization_id", tokens.orgID)
        writer.pair("preferred_username", client.username)
        writer.pair("nickname", String(client.username.prefix { $0 != "@" }))
        writer.pair("name", "Mock User")
        writer.pair("email", client.username)
        writer.pair("email_verified", true)
        writer.pair("zoneinfo", "GMT")
        writer.pair("locale", "en_US")
        writer.pair("user_type", "STANDARD")
        writer.key("urls")
        writer.beginObject()
        writer.pair("rest", base + "/services/data/v{version}/")
        writer.pair("sobjects", base + "/services/data/v{version}/sobjects/")
        writer.pair("query", base + "/services/data/v{version}/query/")
        writer.endObject()
        writer.endObject()
        return .json(writer.bytes)
    }
}
