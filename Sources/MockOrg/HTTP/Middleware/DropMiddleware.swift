import Hummingbird

/// Closes the connection of a request the drop fault hits, without a response, as a dying proxy would.
struct DropMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        if faults.shouldDrop() {
            try? await context.channel.close()
            throw CancellationError()
        }
        return try await next(request, context)
    }
}
