import Hummingbird

/// Holds the requests the test's gate matches until the test opens it, before anything else
/// happens to them.
struct AnswerGateMiddleware<Context: RequestContext>: RouterMiddleware {
    let gate: AnswerGate

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        if gate.matches(method: request.method.rawValue, path: request.uri.path) { await gate.pass() }
        return try await next(request, context)
    }
}
