import Hummingbird

/// The faults that close a connection without an answer: the drop fault, before anything happens
/// to a request, as a dying proxy would; and `--lose-reply-rate`, after a write under the data API
/// was applied as usual, so that the client cannot tell whether it happened.
struct ConnectionFaultMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        try await closeIf(faults.shouldDrop(), context)
        guard faults.loseReplyRate > 0, [.post, .patch, .delete].contains(request.method),
            request.uri.path.hasPrefix("/services/data/")
        else {
            return try await next(request, context)
        }
        let response: Response
        do {
            response = try await next(request, context)
        } catch {
            try await closeIf(faults.shouldLoseReply(), context)
            throw error
        }
        try await closeIf(faults.shouldLoseReply(), context)
        return response
    }

    /// Closes the connection without an answer when `hit`.
    private func closeIf(_ hit: Bool, _ context: Context) async throws {
        guard hit else { return }
        try? await context.channel.close()
        throw CancellationError()
    }
}
