import Hummingbird

/// Reads an OAuth request's parameters (the URL's query, then a form-encoded or multipart body)
/// into its context; a malformed multipart body is refused in OAuth's error shape.
struct FormParametersMiddleware: RouterMiddleware {
    typealias Context = OAuthContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        var context = context
        context.form = FormDecoding.pairs(request.uri.query ?? "")
        let body = try await request.body.collect(upTo: .max)
        let contentType = request.headers[.contentType] ?? ""
        if contentType.lowercased().hasPrefix("multipart/form-data") {
            guard let boundary = MultipartForm.boundary(in: contentType),
                let fields = MultipartForm.fields(Array(body.readableBytesView), boundary: boundary)
            else {
                throw OAuthError("invalid_request", "malformed multipart body")
            }
            context.form += fields
        } else if body.readableBytes > 0 {
            context.form += FormDecoding.pairs(String(buffer: body))
        }
        return try await next(request, context)
    }
}
