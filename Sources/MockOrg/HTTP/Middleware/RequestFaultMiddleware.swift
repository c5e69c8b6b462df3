import Hummingbird

/// `MockOrgConfiguration.requestFaults`: a data API request one of them matches answers 500
/// `UNKNOWN_EXCEPTION` before anything is read or applied.
struct RequestFaultMiddleware<Context: RequestContext>: RouterMiddleware {
    let faults: [MockOrgRequestFault]

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        let (method, path) = (request.method.rawValue, request.uri.path)
        guard faults.contains(where: { $0.matches(method: method, path: path) }) else {
            return try await next(request, context)
        }
        throw APIError.unknownException
    }
}
