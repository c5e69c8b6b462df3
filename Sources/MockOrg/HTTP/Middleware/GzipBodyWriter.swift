import Hummingbird

/// A `ResponseBodyWriter` that gzips the whole body once it is written: the org makes each answer
/// in one buffer, and compressing it in one call (`GzipCompressor`) costs less CPU than zlib's
/// streaming deflate in slices, which on loopback is what bounds a page's time.
struct GzipBodyWriter: ResponseBodyWriter {
    private var parent: any ResponseBodyWriter
    /// What was written so far; a body written in one piece is never copied.
    private var body: ByteBuffer?

    init(parent: any ResponseBodyWriter) {
        self.parent = parent
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        if body == nil {
            body = buffer
        } else {
            var piece = buffer
            body!.writeBuffer(&piece)
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        try await parent.write(GzipCompressor.compress(body ?? ByteBuffer()))
        try await parent.finish(trailingHeaders)
    }
}
