import CompressNIO
import Foundation
import Hummingbird
import TestSupport
import Testing

@testable import MockOrg

/// The org's whole-body gzip (ISA-L's igzip) makes a stream that zlib and the `gunzip` tool decode.
@Suite struct GzipCompressorTests {
    /// About 200 KB of text that compresses as a query page does.
    static func text(_ seed: Int = 0) -> String {
        (0..<2_000).map { #"{"Id":"003\#($0 + seed)","Name":"Contact \#($0 * 7919 % 1000)"},"# }.joined()
    }

    /// What `gunzip` makes of `compressed`.
    static func gunzipped(_ compressed: ByteBuffer) async throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "gzip-compressor-\(UUID().uuidString).gz")
        try Data(compressed.readableBytesView).write(to: path)
        defer { try? FileManager.default.removeItem(at: path) }
        return try await ProcessRunner.run("gunzip", ["-c", path.path]).checked().output
    }

    /// A `ResponseBodyWriter` that keeps what is written to it.
    struct Collector: ResponseBodyWriter {
        final class Written: @unchecked Sendable {
            var pieces: [ByteBuffer] = []
            var finished = false
        }
        let written = Written()

        mutating func write(_ buffer: ByteBuffer) async throws { written.pieces.append(buffer) }
        consuming func finish(_ trailingHeaders: HTTPFields?) async throws { written.finished = true }
    }

    @Test func gunzipDecodesAWholeBody() async throws {
        let text = Self.text()
        let compressed = GzipCompressor.compress(ByteBuffer(string: text))
        #expect(compressed.readableBytes * 5 < text.utf8.count)
        #expect(try await Self.gunzipped(compressed) == text)
    }

    @Test func anEmptyBodyIsAnEmptyGzipStream() async throws {
        #expect(try await Self.gunzipped(GzipCompressor.compress(ByteBuffer())) == "")
    }

    @Test("A body written in pieces sends its head at once, stored, and the rest compressed once finished")
    func theHeadGoesAheadOfTheRest() async throws {
        let text = Self.text()
        let collector = Collector()
        var writer = GzipBodyWriter(parent: collector)
        for piece in stride(from: 0, to: text.utf8.count, by: 50_000) {
            try await writer.write(ByteBuffer(bytes: text.utf8.dropFirst(piece).prefix(50_000)))
            #expect(collector.written.pieces.count == 1)
        }
        // The 10-byte gzip header, a stored block's 5-byte header, the head as it is.
        let start = collector.written.pieces[0]
        #expect(start.readableBytes == 15 + GzipBodyWriter.headBytes)
        #expect(
            start.getBytes(at: 15, length: GzipBodyWriter.headBytes)
                == Array(text.utf8.prefix(GzipBodyWriter.headBytes)))
        try await writer.finish(nil)
        #expect(collector.written.finished)
        #expect(collector.written.pieces.count == 2)
        // One gzip member, which zlib and the `gunzip` tool read whole.
        var stream = start
        stream.writeImmutableBuffer(collector.written.pieces[1])
        #expect(stream.readableBytes * 5 < text.utf8.count)
        #expect(try await Self.gunzipped(stream) == text)
        var zlib = stream
        #expect(String(buffer: try zlib.decompress(with: .gzip())) == text)
    }

    @Test("A body no larger than the head is one member, sent once finished")
    func aSmallBodyIsOneMember() async throws {
        let text = String(Self.text().utf8.prefix(GzipBodyWriter.headBytes))!
        let collector = Collector()
        var writer = GzipBodyWriter(parent: collector)
        try await writer.write(ByteBuffer(string: text))
        #expect(collector.written.pieces.isEmpty)
        try await writer.finish(nil)
        #expect(collector.written.pieces.count == 1)
        #expect(try await Self.gunzipped(collector.written.pieces[0]) == text)
    }

    @Test("Bodies compressed at once, by compressors shared among the tasks, each decode to their own text")
    func concurrentBodies() async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            for seed in 0..<16 {
                group.addTask {
                    for round in 0..<4 {
                        let text = Self.text(seed * 100 + round)
                        var compressed = GzipCompressor.compress(ByteBuffer(string: text))
                        let decoded = try compressed.decompress(with: .gzip())
                        #expect(String(buffer: decoded) == text)
                    }
                }
            }
            try await group.waitForAll()
        }
    }
}
