import Hummingbird

/// Reads the API version a data API path names (`/services/data/{version}/…`, which the router
/// matched as a wildcard) into the context, where `APIContext` checks it; with `--max-api-version`,
/// a version newer than the org's newest is 404 `NOT_FOUND`, as an org never upgraded to it answers.
struct APIVersionMiddleware: RouterMiddleware {
    typealias Context = MockOrgContext
    /// The newest version served; nil serves every version MockOrg knows.
    let newestVersion: Int?

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        // `services`, `data`, then the version.
        let version = PathComponents.component(2, of: request.uri.string)
        if let newestVersion, let version, Resources.isSupported(version: version),
            let number = Resources.versionNumber(version), number > newestVersion
        {
            throw APIError.notFound
        }
        var context = context
        context.apiVersion = version
        return try await next(request, context)
    }
}
