import Hummingbird

/// Delays every request by the configured latency, before anything else happens to it.
struct LatencyMiddleware<Context: RequestContext>: RouterMiddleware {
    let latency: Duration

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        try await Task.sleep(for: latency)
        return try await next(request, context)
    }
}
