import Foundation
import NIOCore
import TestSupport
import Testing

@testable import RestCore

/// RestCore's own gzip decoding (libdeflate on the whole body), against what the `gzip` tool
/// (zlib's format, as any server writes it) makes.
@Suite("gzip decoding")
struct GzipDecoderTests {
    /// About 200 KB of text that compresses as a query page does.
    static let text: [UInt8] = Array(
        (0..<2_000).map { #"{"Id":"003\#($0)","Name":"Contact \#($0 * 7919 % 1000)","Email":"c\#($0)@example.com"},"# }
            .joined().utf8)

    /// `bytes` compressed by the `gzip` tool at its fastest level.
    static func gzipped(_ bytes: [UInt8]) async throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-decoder-\(UUID().uuidString)")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path.appendingPathExtension("gz")) }
        _ = try await ProcessRunner.run("gzip", ["-1", "-n", path.path]).checked()
        return Array(try Data(contentsOf: path.appendingPathExtension("gz")))
    }

    static func decode(_ compressed: [UInt8], limit: Int = 1 << 20) throws(GzipDecoder.Failure) -> [UInt8] {
        try GzipDecoder.decode(ByteBuffer(bytes: compressed), limit: limit)
    }

    @Test func decodesWhatGzipMakes() async throws {
        let compressed = try await Self.gzipped(Self.text)
        #expect(compressed.count * 5 < Self.text.count)
        #expect(try Self.decode(compressed) == Self.text)
    }

    @Test("Several gzip members, one after the other, decode to their texts joined")
    func decodesSeveralMembers() async throws {
        let first = Array(Self.text.prefix(70_000))
        let second = Array(Self.text.dropFirst(70_000))
        let compressed = try await Self.gzipped(first) + Self.gzipped(second)
        #expect(try Self.decode(compressed) == Self.text)
    }

    @Test func anEmptyTextDecodesToNothing() async throws {
        #expect(try Self.decode(try await Self.gzipped([])) == [])
    }

    @Test("A body that decodes to more than the limit is refused")
    func refusesMoreThanTheLimit() async throws {
        let compressed = try await Self.gzipped(Self.text)
        #expect(throws: GzipDecoder.Failure.tooLarge) { try Self.decode(compressed, limit: Self.text.count - 1) }
        #expect(try Self.decode(compressed, limit: Self.text.count) == Self.text)
    }

    @Test("A trailer that understates the size does not get past the limit")
    func refusesMoreThanTheLimitWhateverTheTrailerSays() async throws {
        var compressed = try await Self.gzipped(Self.text)
        compressed.replaceSubrange((compressed.count - 4)..., with: [100, 0, 0, 0])
        #expect(throws: GzipDecoder.Failure.tooLarge) { try Self.decode(compressed, limit: 50_000) }
        // With room enough, the size check against the trailer finds the lie.
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(compressed) }
    }

    /// About 600 KB of text, compressed at least 5x.
    static let largeText: [UInt8] = Array(
        (0..<9_000).map { #"{"Id":"003\#($0)","Name":"Contact \#($0 * 7919 % 1000)","Email":"c\#($0)@example.com"},"# }
            .joined().utf8)

    @Test("A large member before a small last one decodes whole, though the trailer names only the last")
    func decodesPastTheLastMembersSize() async throws {
        // The last member's size is far below what comes before, so the first try's room runs out
        // in the first member and the decoder goes on in more room.
        let text = Self.largeText
        let compressed = try await Self.gzipped(Array(text.dropLast(100))) + Self.gzipped(Array(text.suffix(100)))
        #expect(text.count > compressed.count * 4)
        #expect(try Self.decode(compressed) == text)
        #expect(try Self.decode(compressed, limit: text.count) == text)
        #expect(throws: GzipDecoder.Failure.tooLarge) { try Self.decode(compressed, limit: text.count - 1) }
    }

    @Test("When the room runs out in a later member, the members before it are kept as decoded")
    func keepsTheMembersBeforeTheGrowth() async throws {
        let text = Self.largeText
        let pieces = [Array(text.prefix(1_000)), Array(text.dropFirst(1_000).dropLast(100)), Array(text.suffix(100))]
        var compressed: [UInt8] = []
        for piece in pieces { compressed += try await Self.gzipped(piece) }
        #expect(try Self.decode(compressed) == text)
    }

    @Test("A damaged, cut short or foreign body is corrupt")
    func refusesDamage() async throws {
        let compressed = try await Self.gzipped(Self.text)
        var damaged = compressed
        damaged[damaged.count / 2] ^= 0x55
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(damaged) }
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(Array(compressed.dropLast(1_000))) }
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(Array(compressed.prefix(10))) }
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(Self.text) }
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(compressed + [0, 0, 0, 0]) }
    }
}
