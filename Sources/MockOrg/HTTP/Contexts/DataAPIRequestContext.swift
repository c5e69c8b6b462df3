import Hummingbird

/// A request context under `/services/data/{version}`, which knows the version the path names.
protocol DataAPIRequestContext: RequestContext {
    /// `v66.0` and the like, as the path names it.
    var version: String { get }
}

extension APIContext: DataAPIRequestContext {}
extension SObjectContext: DataAPIRequestContext {}
