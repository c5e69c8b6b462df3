import Hummingbird

/// `--lose-reply-rate`: a write under the data API is applied as usual, then its connection is
/// closed without the answer, so that the client cannot tell whether it happened.
struct LoseReplyMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard [.post, .patch, .delete].contains(request.method), request.uri.path.hasPrefix("/services/data/") else {
            return try await next(request, context)
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try await loseReplyIfHit(context)
            throw error
        }
        try await loseReplyIfHit(context)
        return response
    }

    private func loseReplyIfHit(_ context: Context) async throws {
        guard faults.shouldLoseReply() else { return }
        try? await context.channel.close()
        throw CancellationError()
    }
}
