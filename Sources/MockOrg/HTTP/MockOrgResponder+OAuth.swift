import Foundation
import Hummingbird

/// `POST /services/oauth2/token` (refresh_token, password and client_credentials grants,
/// form-encoded or multipart) and `POST /services/oauth2/revoke`.
extension MockOrgResponder {
    /// The demo user the password grant accepts.
    static let demoUsername = "demo@example.com"
    static let demoPassword = "demo"

    func routeOAuth(_ rest: ArraySlice<String>, method: String, request: Request, body: [UInt8]) throws -> Response {
        guard rest.count == 1 else { throw APIError.notFound }
        let parameters = try formParameters(request: request, body: body)
        func parameter(_ name: String) -> String? { FormDecoding.value(name, in: parameters) }
        switch rest.first! {
        case "token":
            guard method == "POST" else { throw APIError.methodNotAllowed(method, allowed: ["POST"]) }
            return grant(
                type: parameter("grant_type"), instanceURL: instanceURL(reachedBy: request), parameter: parameter)
        case "revoke":
            guard method == "POST" || method == "GET" else {
                throw APIError.methodNotAllowed(method, allowed: ["GET", "POST"])
            }
            guard let token = parameter("token"), tokens.revoke(token) else {
                return Self.oauthError("unsupported_token_type", "this token type is not supported")
            }
            return Response(status: .ok)
        default:
            throw APIError.notFound
        }
    }

    /// `http://` and the host and port the client used (its Host header), so that a client that
    /// reached an org bound to 0.0.0.0 by some name is told that name; the bound URL otherwise.
    private func instanceURL(reachedBy request: Request) -> String {
        guard let authority = request.head.authority, !authority.isEmpty,
            authority.utf8.allSatisfy({ byte in
                (byte >= 0x30 && byte <= 0x3A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                    || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "[")
                    || byte == UInt8(ascii: "]")
            })
        else { return instanceURL() }
        return "http://" + authority
    }

    private func grant(type: String?, instanceURL: String, parameter: (String) -> String?) -> Response {
        switch type {
        case "refresh_token":
            guard let refresh = parameter("refresh_token"), tokens.isValidRefreshToken(refresh) else {
                return Self.oauthError("invalid_grant", "expired access/refresh token")
            }
            return tokenResponse(instanceURL: instanceURL)
        case "password":
            guard parameter("username") == Self.demoUsername,
                let password = parameter("password"), password.hasPrefix(Self.demoPassword)
            else {
                return Self.oauthError("invalid_grant", "authentication failure")
            }
            return tokenResponse(instanceURL: instanceURL)
        case "client_credentials":
            guard let clientID = parameter("client_id"), !clientID.isEmpty,
                let secret = parameter("client_secret"), !secret.isEmpty
            else {
                return Self.oauthError("invalid_client", "invalid client credentials")
            }
            return tokenResponse(instanceURL: instanceURL)
        case nil:
            return Self.oauthError("unsupported_grant_type", "grant type not supported")
        default:
            return Self.oauthError("unsupported_grant_type", "grant type not supported")
        }
    }

    private func tokenResponse(instanceURL: String) -> Response {
        let issuedAt = String(Int64(Date().timeIntervalSince1970 * 1000))
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
        return Self.json(writer.bytes)
    }

    /// The request's parameters: the URL query, then a form-encoded or multipart body.
    private func formParameters(request: Request, body: [UInt8]) throws -> [(name: String, value: String)] {
        var parameters = FormDecoding.pairs(request.uri.query ?? "")
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(in: contentType),
                let fields = MultipartForm.fields(body, boundary: boundary)
            else {
                throw OAuthFailure(Self.oauthError("invalid_request", "malformed multipart body"))
            }
            parameters += fields
        } else if !body.isEmpty {
            parameters += FormDecoding.pairs(String(decoding: body, as: UTF8.self))
        }
        return parameters
    }

    static func oauthError(_ error: String, _ description: String) -> Response {
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("error", error)
        writer.pair("error_description", description)
        writer.endObject()
        return response(status: 400, body: writer.bytes)
    }
}

/// An OAuth error response thrown out of body parsing.
struct OAuthFailure: Error {
    let response: Response

    init(_ response: Response) {
        self.response = response
    }
}
