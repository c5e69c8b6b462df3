import Hummingbird

/// The context of a request under `sobjects/{type}`: made only for an object the org stores, so
/// that an unknown one is 404 before its method is looked at.
struct SObjectContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    let version: String
    let object: SObjectType

    init(context: APIContext) throws {
        guard let name = context.parameters.get("type"), let object = SObjectType(named: name) else {
            throw APIError.notFound
        }
        coreContext = context.coreContext
        version = context.version
        self.object = object
    }
}
