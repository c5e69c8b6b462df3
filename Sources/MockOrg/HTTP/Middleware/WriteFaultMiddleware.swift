import Hummingbird

/// Fails a write the fail fault hits with 400 `UNABLE_TO_LOCK_ROW`, before it touches the store.
struct WriteFaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: FaultInjector

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        if faults.shouldFailWrite() { throw APIError.unableToLockRow }
        return try await next(request, context)
    }
}
