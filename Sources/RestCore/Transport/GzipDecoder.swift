import CLibDeflate
import NIOCore

/// Decodes a whole gzip body in one call with libdeflate, into one array of the size the gzip
/// trailer names: about twice zlib's speed, and no piece-by-piece copies. Whole bodies rather than
/// a streaming inflate, because on loopback and fast links gzip costs CPU, not waiting.
///
/// A body may hold several gzip members (RFC 1952), decoded member by member: the trailer's size
/// (ISIZE) names only the last one, so it is a hint, never a cap. A member that finds too little
/// room is decoded again in more room, up to `limit`; the members before it are kept.
enum GzipDecoder {
    enum Failure: Error, Equatable {
        /// The decoded body would be larger than the limit.
        case tooLarge
        /// The body is not gzip, or is cut short or damaged (its CRC or size does not match).
        case corrupt
    }

    /// The smallest gzip member: a 10-byte header, an empty deflate block and an 8-byte trailer.
    private static let smallestMember = 18

    /// The readable bytes of `compressed` decoded, at most `limit` bytes.
    static func decode(_ compressed: ByteBuffer, limit: Int) throws(Failure) -> [UInt8] {
        // `withUnsafeReadableBytes` rethrows untyped: the typed failure travels in a Result.
        let decoded = compressed.withUnsafeReadableBytes { bytes in
            Result { () throws(Failure) in try decode(bytes, limit: limit) }
        }
        return try decoded.get()
    }

    /// `compressed` decoded, at most `limit` bytes.
    static func decode(_ compressed: UnsafeRawBufferPointer, limit: Int) throws(Failure) -> [UInt8] {
        guard compressed.count >= smallestMember, compressed.starts(with: [0x1f, 0x8b]) else { throw .corrupt }
        // The last member's uncompressed size modulo 2^32, little-endian; a cut-short body ends in
        // anything, so it only sizes the first try, within the limit.
        let hint = Int(compressed.loadUnaligned(fromByteOffset: compressed.count - 4, as: UInt32.self).littleEndian)
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .corrupt }
        defer { libdeflate_free_decompressor(decompressor) }
        // A trailer that understates (several members, or a lying one) costs a decode of the member
        // that does not fit per doubling: start from at least four times the compressed size.
        var capacity = min(max(hint, compressed.count * 4, 4096), limit)
        var decoded: [UInt8] = []
        var consumed = 0
        while true {
            var result = LIBDEFLATE_SUCCESS
            decoded = [UInt8](unsafeUninitializedCapacity: capacity) { [decoded] output, count in
                // The members that fitted before stay; only the one that did not is decoded again.
                decoded.withUnsafeBytes { UnsafeMutableRawBufferPointer(output).copyMemory(from: $0) }
                count = decoded.count
                result = decodeMembers(decompressor, compressed, consumed: &consumed, into: output, count: &count)
            }
            switch result {
            case LIBDEFLATE_SUCCESS: return decoded
            case LIBDEFLATE_INSUFFICIENT_SPACE where capacity < limit: capacity = min(capacity * 2, limit)
            case LIBDEFLATE_INSUFFICIENT_SPACE: throw .tooLarge
            default: throw .corrupt
            }
        }
    }

    /// Decodes the members of `compressed` from `consumed` on, each into `output` after its first
    /// `count` bytes, until the input ends (success) or a member fails (its result: it is neither
    /// consumed nor counted).
    private static func decodeMembers(
        _ decompressor: OpaquePointer, _ compressed: UnsafeRawBufferPointer, consumed: inout Int,
        into output: UnsafeMutableBufferPointer<UInt8>, count: inout Int
    ) -> libdeflate_result {
        while consumed < compressed.count {
            var memberIn = 0
            var memberOut = 0
            let result = libdeflate_gzip_decompress_ex(
                decompressor, compressed.baseAddress! + consumed, compressed.count - consumed,
                output.baseAddress! + count, output.count - count, &memberIn, &memberOut)
            guard result == LIBDEFLATE_SUCCESS else { return result }
            consumed += memberIn
            count += memberOut
        }
        return LIBDEFLATE_SUCCESS
    }
}
