import Foundation
import NIOCore
import TestSupport
import Testing

@testable import MockOrg
@testable import RestCore

/// RestCore's own gzip decoding (libdeflate on the whole body), against what the `gzip` tool
/// (zlib's format, as any server writes it) makes.
@Suite("gzip decoding")
struct GzipDecoderTests {
    /// About 200 KB of text that compresses as a query page does.
    static let text: [UInt8] = Array(
        (0..<2_000).map { #"{"Id":"003\#($0)","Name":"Contact \#($0 * 7919 % 1000)","Email":"c\#($0)@example.com"},"# }
            .joined().utf8)

    /// `bytes` compressed by the `gzip` tool at its fastest level (with the file's name when
    /// `keepingTheName`).
    static func gzipped(_ bytes: [UInt8], keepingTheName: Bool = false) async throws -> [UInt8] {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("gzip-decoder-\(UUID().uuidString)")
        try Data(bytes).write(to: path)
        defer { try? FileManager.default.removeItem(at: path.appendingPathExtension("gz")) }
        _ = try await ProcessRunner.run("gzip", ["-1", keepingTheName ? "-N" : "-n", path.path]).checked()
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

    @Test("A head stored ahead of the rest is read from any prefix of the body, without decoding")
    func storedHeadOfAnArrivingBody() throws {
        let text = ByteBuffer(bytes: Self.largeText)
        let head = text.getSlice(at: 0, length: 1_024)!
        let start = GzipCompressor.memberStart(storing: head)
        let end = GzipCompressor.memberEnd(
            compressing: text.getSlice(at: 1_024, length: text.readableBytes - 1_024)!, after: head)
        let body = Array(start.readableBytesView) + Array(end.readableBytesView)
        #expect(try Self.decode(body, limit: 1 << 23) == Self.largeText)
        for cut in 0...(start.readableBytes + 100) {
            let seen = body.prefix(cut).withUnsafeBytes { GzipDecoder.head($0) }
            switch seen {
            case .incomplete: #expect(cut < 15, "cut at \(cut)")
            case .stored(let range, let complete):
                #expect(range == 15..<min(cut, 15 + 1_024) && complete == (cut >= 15 + 1_024), "cut at \(cut)")
                #expect(body[range].elementsEqual(Self.largeText.prefix(range.count)))
            case .none: Issue.record("cut at \(cut): no head")
            }
        }
    }

    @Test("The gzip tool's stored blocks are a head too, after a file name; its compressed ones are not")
    func headsOfWhatGzipMakes() async throws {
        // Bytes that do not compress: zlib stores them (in one block, under 64 KB).
        var state: UInt32 = 12_345
        let noise: [UInt8] = (0..<3_000).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        let named = try await Self.gzipped(noise, keepingTheName: true)
        #expect(named[3] & 0x08 != 0)  // FNAME
        guard case .stored(let range, true) = named.withUnsafeBytes({ GzipDecoder.head($0) }) else {
            Issue.record("no stored head")
            return
        }
        #expect(Array(named[range]) == noise)
        let compressed = try await Self.gzipped(Self.text)
        #expect(compressed.withUnsafeBytes { GzipDecoder.head($0) } == .none)
        #expect(Self.text.withUnsafeBytes { GzipDecoder.head($0) } == .none)
        #expect(compressed.prefix(9).withUnsafeBytes { GzipDecoder.head($0) } == .incomplete)
    }

    @Test("A stored head is found after an extra field of any length")
    func storedHeadAfterAnExtraField() {
        // FEXTRA of 510 bytes (0x01fe: both length bytes count), then a stored block of "hello".
        let body: [UInt8] =
            [0x1f, 0x8b, 8, 0x04, 0, 0, 0, 0, 0, 0xff, 0xfe, 0x01] + [UInt8](repeating: 7, count: 510)
            + [1, 5, 0, 0xfa, 0xff] + Array("hello".utf8)
        let start = 12 + 510 + 5
        #expect(body.withUnsafeBytes { GzipDecoder.head($0) } == .stored(range: start..<(start + 5), complete: true))
        #expect(body.prefix(300).withUnsafeBytes { GzipDecoder.head($0) } == .incomplete)
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
