import HTTPTypes
import Hummingbird

/// What the org answers on a path for the methods its routes do not take.
extension RouterMethods {
    /// Answers every method but `allowed` on `path` with 405 `METHOD_NOT_ALLOWED`, naming the
    /// allowed ones in order, as Salesforce does (the router alone would answer 404).
    @discardableResult func refuseMethods(except allowed: [HTTPRequest.Method], on path: RouterPath = "") -> Self {
        let names = allowed.map(\.rawValue)
        for method in HTTPRequest.Method.parsed where !allowed.contains(method) {
            on(path, method: method) { request, _ -> Response in
                throw APIError.methodNotAllowed(request.method.rawValue, allowed: names)
            }
        }
        return self
    }

    /// Answers GET and HEAD on `path` with `handler`, the methods in `alsoAllowed` through routes
    /// added elsewhere, and every other method with 405.
    @discardableResult func getAndHead<Output: ResponseGenerator>(
        _ path: RouterPath = "", alsoAllowed: [HTTPRequest.Method] = [],
        use handler: @Sendable @escaping (Request, Context) async throws -> Output
    ) -> Self {
        get(path, use: handler)
        head(path, use: handler)
        return refuseMethods(except: [.get, .head] + alsoAllowed, on: path)
    }

    /// Answers every method on `path` with 404 `NOT_FOUND`, after the group's middleware and context
    /// (so that an unknown path under the data API still asks for a token first).
    @discardableResult func notFound(on path: RouterPath) -> Self {
        for method in HTTPRequest.Method.parsed {
            on(path, method: method) { _, _ -> Response in throw APIError.notFound }
        }
        return self
    }
}

extension HTTPRequest.Method {
    /// Every method the HTTP/1 server parses (SwiftNIO's list), so that each reaches a route and
    /// none falls to the router's 404.
    static let parsed: [HTTPRequest.Method] = [
        "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE", "CONNECT", "ACL", "BIND", "CHECKOUT",
        "COPY", "LINK", "LOCK", "MERGE", "MKACTIVITY", "MKCALENDAR", "MKCOL", "MOVE", "MSEARCH", "NOTIFY",
        "PROPFIND", "PROPPATCH", "PURGE", "REBIND", "REPORT", "SEARCH", "SOURCE", "SUBSCRIBE", "UNBIND", "UNLINK",
        "UNLOCK", "UNSUBSCRIBE",
    ].map { HTTPRequest.Method($0)! }
}
