import Hummingbird

/// Refuses a request without a live access token with 401 `INVALID_SESSION_ID`.
struct AuthenticationMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let tokens: TokenStore

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard let header = request.headers[.authorization], let token = Self.sessionToken(in: header),
            tokens.isValidAccessToken(token)
        else { throw APIError.invalidSession }
        return try await next(request, context)
    }

    /// The token of an `Authorization: Bearer T` (or `OAuth T`) header; nil for another scheme or no token.
    static func sessionToken(in header: String) -> String? {
        guard let space = header.utf8.firstIndex(of: UInt8(ascii: " ")) else { return nil }
        let scheme = header[..<space].lowercased()
        guard scheme == "bearer" || scheme == "oauth" else { return nil }
        let token = header[header.utf8.index(after: space)...].trimmingSpaces
        return token.isEmpty ? nil : token
    }
}
