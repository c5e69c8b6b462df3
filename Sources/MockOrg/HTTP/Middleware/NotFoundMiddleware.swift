import Hummingbird

/// Answers a request no route matches with Salesforce's `NOT_FOUND` array instead of the router's
/// own 404.
struct NotFoundMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            throw APIError.notFound
        }
    }
}
