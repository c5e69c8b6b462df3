import Hummingbird

/// The context of a request under `/services/oauth2`: the request's parameters, which
/// `FormParametersMiddleware` reads from the URL's query and the body before any route runs.
struct OAuthContext: ChildRequestContext {
    var coreContext: CoreRequestContextStorage
    var form: [(name: String, value: String)] = []

    init(context: MockOrgContext) {
        coreContext = context.coreContext
    }

    /// The first value of `name`; nil when absent.
    func parameter(_ name: String) -> String? { FormDecoding.value(name, in: form) }
}
