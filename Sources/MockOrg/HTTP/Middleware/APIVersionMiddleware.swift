import Hummingbird

/// Reads the API version a data API path names (`/services/data/{version}/…`) into the context,
/// where the router matched it as a wildcard; `APIContext` checks it.
struct APIVersionMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        var context = context
        // `services`, `data`, then the version.
        context.apiVersion = PathComponents.component(2, of: request.uri.string)
        return try await next(request, context)
    }
}
