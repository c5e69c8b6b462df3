import Hummingbird
import NIOCore

/// Reads the whole body before routing, so that routes see it as one buffer; a body larger than
/// the limit gets 413, whatever the path or the credentials.
struct BodyLimitMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let maxBodySize: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        // Most requests (GET, DELETE) carry no body: nothing to collect or limit.
        guard request.headers[.contentLength] != nil || request.headers[.transferEncoding] != nil else {
            return try await next(request, context)
        }
        var request = request
        do {
            _ = try await request.collectBody(upTo: maxBodySize)
        } catch is NIOTooManyBytesError {
            // The SOAP API answers in its own envelope, even this.
            if request.uri.path.hasPrefix(SOAPRoutes.pathPrefix) {
                throw SOAPFault.client("The request body is larger than " + String(maxBodySize) + " bytes.")
            }
            throw APIError(
                status: 413, "REQUEST_ENTITY_TOO_LARGE",
                "The request body is larger than " + String(maxBodySize) + " bytes")
        }
        return try await next(request, context)
    }
}
