import HTTPTypes
import Hummingbird

/// Counts every API request, refuses it with 403 `REQUEST_LIMIT_EXCEEDED` past `--api-limit`, and
/// reports the count in `Sforce-Limit-Info` on every answer, errors included, as Salesforce does.
struct APIUsageMiddleware<Context: RequestContext>: RouterMiddleware {
    static var limitInfoHeader: HTTPField.Name { HTTPField.Name("Sforce-Limit-Info")! }

    let usage: APIUsage

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard let used = usage.admit() else {
            var refused = try APIError.requestLimitExceeded.response(from: request, context: context)
            refused.headers[Self.limitInfoHeader] = usage.headerValue(used: usage.limit)
            return refused
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as APIError {
            response = try error.response(from: request, context: context)
        }
        response.headers[Self.limitInfoHeader] = usage.headerValue(used: used)
        return response
    }
}
