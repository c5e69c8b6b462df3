import Hummingbird

/// The context of a request under `/services/data/{version}`: made only for a version the org
/// serves, so that every route of the data API has it checked (an unknown one is 404).
struct APIContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    /// `v66.0` and the like, as the path names it.
    let version: String

    init(context: MockOrgContext) throws {
        guard let version = context.apiVersion, Resources.isSupported(version: version) else {
            throw APIError.notFound
        }
        coreContext = context.coreContext
        self.version = version
    }
}
