import NIOCore
import Testing

@testable import RestCore

/// Decoding gzip as it arrives (`GzipStream`): any split of the bytes decodes to the same text,
/// members one after another included, and a damaged or cut-short body is told apart.
@Suite("gzip decoded as it arrives")
struct GzipStreamTests {
    static let text = GzipDecoderTests.text

    /// `compressed` fed to a stream `chunk` bytes at a time.
    static func decode(
        _ compressed: [UInt8], chunk: Int, limit: Int = 1 << 24
    ) throws(GzipDecoder.Failure) -> [UInt8] {
        let stream = GzipStream(limit: limit)
        var output: [UInt8] = []
        var start = 0
        while start < compressed.count {
            let end = min(start + chunk, compressed.count)
            try stream.decode(ByteBuffer(bytes: compressed[start..<end]), into: &output)
            start = end
        }
        try stream.finish()
        return output
    }

    @Test(arguments: [1, 7, 1_000, 65_536, Int.max])
    func decodesOneMemberSplitAnywhere(_ chunk: Int) async throws {
        let compressed = try await GzipDecoderTests.gzipped(Self.text)
        #expect(try Self.decode(compressed, chunk: chunk) == Self.text)
    }

    @Test(arguments: [1, 13, 4_096, Int.max])
    func decodesMembersOneAfterAnotherSplitAnywhere(_ chunk: Int) async throws {
        let parts =
            [Array(Self.text.prefix(70_000)), Array(Self.text.dropFirst(70_000).prefix(5)), []]
            + [Array(Self.text.dropFirst(70_005))]
        var compressed: [UInt8] = []
        for part in parts { compressed += try await GzipDecoderTests.gzipped(part) }
        #expect(try Self.decode(compressed, chunk: chunk) == Self.text)
    }

    @Test func aBodyCutShortIsDamaged() async throws {
        let compressed = try await GzipDecoderTests.gzipped(Self.text)
        for cut in [1, 10, compressed.count / 2, compressed.count - 4, compressed.count - 1] {
            #expect(throws: GzipDecoder.Failure.corrupt) {
                try Self.decode(Array(compressed.prefix(cut)), chunk: 4_096)
            }
        }
    }

    @Test func aChangedByteOrAForeignBodyIsDamaged() async throws {
        var compressed = try await GzipDecoderTests.gzipped(Self.text)
        compressed[compressed.count - 6] ^= 0xff  // the CRC
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(compressed, chunk: 4_096) }
        #expect(throws: GzipDecoder.Failure.corrupt) { try Self.decode(Array("not gzip".utf8), chunk: 3) }
    }

    @Test func moreThanTheLimitIsTooLarge() async throws {
        let compressed = try await GzipDecoderTests.gzipped(Self.text)
        #expect(throws: GzipDecoder.Failure.tooLarge) {
            try Self.decode(compressed, chunk: 4_096, limit: Self.text.count - 1)
        }
        #expect(try Self.decode(compressed, chunk: 4_096, limit: Self.text.count) == Self.text)
    }
}
