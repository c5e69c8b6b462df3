import Hummingbird

/// `POST /services/oauth2/token` and `/revoke`.
extension MockOrgResponder {
    func routeOAuth(_ rest: ArraySlice<String>, method: String, request: Request, body: [UInt8]) throws -> Response {
        throw APIError.notFound
    }
}
