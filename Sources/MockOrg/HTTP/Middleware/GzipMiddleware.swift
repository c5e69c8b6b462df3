import Hummingbird

/// Compresses an answer with gzip when, and only when, the request's `Accept-Encoding` accepts
/// it, as Salesforce does: `Content-Encoding: gzip` and `Vary: Accept-Encoding` on the
/// compressed answer, error bodies included. A request that does not ask gets the answer
/// untouched, byte for byte.
///
/// Router middleware over `ResponseBody` (not NIOHTTPCompression's channel handler below the
/// router): the body is compressed once finished, by ISA-L's igzip, after its head (`GzipBodyWriter`).
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
        response.headers[.contentLength] = nil  // chunked: the compressed size is known only at the end
        response.body = ResponseBody { writer in
            try await body.write(GzipBodyWriter(parent: writer))
        }
        return response
    }

    /// `true` when the `Accept-Encoding` values name `gzip` (or `*`) with a non-zero quality.
    /// It runs on every request, so it reads the values in place, with no arrays or strings made.
    static func acceptsGzip(_ values: [String]) -> Bool {
        values.contains { value in
            var entries = value[...]
            while let entry = nextPart(of: &entries, separator: ",") {
                var parts = entry
                guard let coding = nextPart(of: &parts, separator: ";"),
                    coding.utf8.elementsEqual("gzip".utf8, by: { $0 | 0x20 == $1 }) || coding == "*"
                else { continue }
                var quality: Double?
                while let parameter = nextPart(of: &parts, separator: ";") {
                    let name = parameter.utf8.prefix(2)
                    if name.elementsEqual("q=".utf8, by: { $0 | 0x20 == $1 }) {
                        quality = Double(parameter.dropFirst(2))
                        break
                    }
                }
                if (quality ?? 1) > 0 { return true }
            }
            return false
        }
    }

    /// The next non-empty part of `text` up to `separator` (as `split` gives it), without
    /// surrounding spaces; `text` keeps what follows.
    private static func nextPart(of text: inout Substring, separator: Character) -> Substring? {
        while !text.isEmpty {
            let end = text.firstIndex(of: separator) ?? text.endIndex
            let part = text[..<end]
            text = end == text.endIndex ? text[end...] : text[text.index(after: end)...]
            guard !part.isEmpty else { continue }
            guard let first = part.firstIndex(where: { $0 != " " }), let last = part.lastIndex(where: { $0 != " " })
            else { return part[part.endIndex...] }
            return part[first...last]
        }
        return nil
    }
}
