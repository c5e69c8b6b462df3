import Hummingbird

/// The org's router as the application's responder. Hummingbird's server calls its responder
/// through generic code; calling `RouterResponder` from here, with the context type known, lets
/// the compiler specialize its (inlinable) route lookup instead of looking up generic metadata on
/// every request.
struct OrgResponder: HTTPResponder {
    let router: RouterResponder<MockOrgContext>

    @inline(__always)
    func respond(to request: Request, context: MockOrgContext) async throws -> Response {
        try await router.respond(to: request, context: context)
    }
}
