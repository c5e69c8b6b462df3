import HTTPTypes
import Hummingbird

/// Counts every API request, refuses it with 403 `REQUEST_LIMIT_EXCEEDED` past `--api-limit`, and
/// reports the count in `Sforce-Limit-Info` on every answer, errors included, as Salesforce does.
struct APIUsageMiddleware<Context: RequestContext>: RouterMiddleware {
    let usage: APIUsage
    /// Made once with the middleware, not per request (a generic type holds no static stored value).
    let limitInfoHeader = HTTPField.Name("Sforce-Limit-Info")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard let used = usage.admit() else {
            var refused = try APIError.requestLimitExceeded.response(from: request, context: context)
            refused.headers[limitInfoHeader] = usage.headerValue(used: usage.limit)
            return refused
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        }
        response.headers[limitInfoHeader] = usage.headerValue(used: used)
        return response
    }
}
