import CompressNIO
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
        var plain = try await Self.collect(response.body)
        let compressed = try plain.compress(with: .gzip(configuration: .init(compressionLevel: .fastestCompression)))
        response.headers[.contentEncoding] = "gzip"
        response.headers[.vary] = "Accept-Encoding"
        response.headers[.contentLength] = String(compressed.readableBytes)
        response.body = ResponseBody(byteBuffer: compressed)
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

    /// The whole body in one buffer (the org's answers are single pages, at most a few MB).
    private static func collect(_ body: ResponseBody) async throws -> ByteBuffer {
        let collector = BodyCollector()
        try await body.write(collector)
        return collector.buffer
    }
}

/// A `ResponseBodyWriter` that keeps what is written.
private final class BodyCollector: ResponseBodyWriter {
    var buffer = ByteBuffer()

    func write(_ buffer: ByteBuffer) async throws {
        var buffer = buffer
        self.buffer.writeBuffer(&buffer)
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
