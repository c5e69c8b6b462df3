import Hummingbird

/// `--max-api-version`: a version newer than the org's newest is 404 `NOT_FOUND`, as an org that
/// was never upgraded to it answers.
struct MaxVersionMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    let newestVersion: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        if let version = context.apiVersion, Resources.isSupported(version: version),
            let number = Resources.versionNumber(version), number > newestVersion
        {
            throw APIError.notFound
        }
        return try await next(request, context)
    }
}
