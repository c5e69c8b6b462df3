import HTTPTypes
import Hummingbird

/// `--unavailable-rate`: answers a data API request with 503 `SERVER_UNAVAILABLE` and
/// `Retry-After: 1` before anything is read or applied, as Salesforce does under maintenance or load.
struct UnavailableMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard faults.shouldBeUnavailable() else { return try await next(request, context) }
        var response = try APIError.serverUnavailable.response(from: request, context: context)
        response.headers[.retryAfter] = "1"
        return response
    }
}
