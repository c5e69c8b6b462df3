import Hummingbird

/// A `ResponseBodyWriter` that gzips a body in one call once it is written (`GzipCompressor`,
/// which costs less CPU than zlib's streaming deflate in slices), except for its head.
///
/// A body whose first write is larger than `headBytes` sends those first bytes at once, stored
/// uncompressed at the start of the gzip member, and the rest compressed when the body is
/// finished: a client reads a query page's `nextRecordsUrl` from the head and asks for the next
/// page while the org still compresses this one, as it does without gzip. Smaller bodies are
/// compressed whole.
struct GzipBodyWriter: ResponseBodyWriter {
    /// How much of a body goes ahead: a query page's `totalSize`, `done` and `nextRecordsUrl`,
    /// several times over, and little enough to cost next to nothing in size (it is not compressed).
    static let headBytes = 1024

    private var parent: any ResponseBodyWriter
    /// The head, once sent.
    private var head: ByteBuffer?
    /// What was written so far, after the head; a body written in one piece is never copied.
    private var body: ByteBuffer?

    init(parent: any ResponseBodyWriter) {
        self.parent = parent
    }

    mutating func write(_ buffer: ByteBuffer) async throws {
        if body != nil {
            var piece = buffer
            body!.writeBuffer(&piece)
        } else if buffer.readableBytes > Self.headBytes {
            var rest = buffer
            let head = rest.readSlice(length: Self.headBytes)!
            self.head = head
            body = rest
            try await parent.write(GzipCompressor.memberStart(storing: head))
        } else {
            body = buffer
        }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        let body = body ?? ByteBuffer()
        if let head {
            try await parent.write(GzipCompressor.memberEnd(compressing: body, after: head))
        } else {
            try await parent.write(GzipCompressor.compress(body))
        }
        try await parent.finish(trailingHeaders)
    }
}
