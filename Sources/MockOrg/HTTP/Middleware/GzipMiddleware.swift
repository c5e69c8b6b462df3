import Hummingbird

/// Compresses an answer with gzip when, and only when, the request's `Accept-Encoding` accepts
/// it, as Salesforce does: `Content-Encoding: gzip` and `Vary: Accept-Encoding` on the
/// compressed answer, error bodies included. A request that does not ask gets the answer
/// untouched, byte for byte.
///
/// compress-nio rather than NIOHTTPCompression: the latter is a channel handler below
/// Hummingbird's router, while this is router middleware over `ResponseBody`, which needs a
/// compressor on `ByteBuffer`s, and compress-nio is that (Hummingbird's own compression
/// package is built on it).
struct GzipMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    )
        async throws -> Response
    {
        guard Self.acceptsGzip(request.headers[values: .acceptEncoding]) else {
            return try await next(request, context)
        }
        var response: Response
        do {
            response = try await next(request, context)
        } catch let error as any HTTPResponseError {
            response = try error.response(from: request, context: context)
        }
        guard response.headers[.contentEncoding] == nil, response.body.contentLength != 0 else {
            return response
        }
        let body = response.body
        response.headers[.contentEncoding] = "gzip"
        response.headers[.vary] = "Accept-Encoding"
        response.headers[.contentLength] = nil  // chunked: compressed pieces go out as they are made
        response.body = ResponseBody { writer in
            try await body.write(try GzipBodyWriter(parent: writer))
        }
        return response
    }

    /// `true` when the `Accept-Encoding` values name `gzip` (or `*`) with a non-zero quality.
    static func acceptsGzip(_ values: [String]) -> Bool {
        values.flatMap { $0.split(separator: ",") }.contains { entry in
            let parts = entry.split(separator: ";").map { $0.trimmingSpaces.lowercased() }
            guard let coding = parts.first, coding == "gzip" || coding == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return (quality ?? 1) > 0
        }
    }
}
