import Hummingbird
import NIOCore

/// The request context of the mock org: Hummingbird's core storage plus the connection,
/// so that the drop fault can close it without answering.
struct MockOrgContext: RequestContext {
    var coreContext: CoreRequestContextStorage
    let channel: any Channel
    /// The version a data API path names, as `APIVersionMiddleware` read it; nil elsewhere.
    var apiVersion: String?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        channel = source.channel
    }
}
