import CLibDeflate
import NIOCore

/// Decodes a whole gzip body in one call with libdeflate, into one array of the size the gzip
/// trailer names: about twice zlib's speed, and no piece-by-piece copies.
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

    /// What of a gzip body's decoded text can be read before the body has arrived whole.
    enum Head: Equatable {
        /// Too little has arrived to tell.
        case incomplete
        /// The deflate stream starts with a stored block (as a server that sends a head ahead
        /// writes it): its bytes so far lie at `range` of the compressed body as they are, and
        /// `complete` says whether the block has arrived whole.
        case stored(range: Range<Int>, complete: Bool)
        /// The stream starts compressed: nothing is readable without decoding it all.
        case none
    }

    /// Where the start of the decoded text lies in `compressed`, the start of a gzip body.
    static func head(_ compressed: UnsafeRawBufferPointer) -> Head {
        let bytes = compressed.assumingMemoryBound(to: UInt8.self)
        let magic: [UInt8] = [0x1f, 0x8b, 8]  // and deflate
        guard magic.starts(with: bytes.prefix(3)) else { return .none }
        guard bytes.count >= 10 else { return .incomplete }
        let flags = bytes[3]
        var offset = 10
        if flags & 0x04 != 0 {  // FEXTRA: a little-endian length, then that many bytes
            guard offset + 2 <= bytes.count else { return .incomplete }
            offset += 2 + (Int(bytes[offset]) | Int(bytes[offset + 1]) << 8)
        }
        for field: UInt8 in [0x08, 0x10] where flags & field != 0 {  // FNAME, FCOMMENT: zero-ended
            guard offset < bytes.count, let end = bytes[offset...].firstIndex(of: 0) else { return .incomplete }
            offset = end + 1
        }
        if flags & 0x02 != 0 { offset += 2 }  // FHCRC
        // The first block's header: BFINAL in bit 0, BTYPE 00 (stored) in bits 1-2, then LEN and
        // its complement, little-endian, from the next byte.
        guard offset + 5 <= bytes.count else { return .incomplete }
        guard bytes[offset] & 0x06 == 0 else { return .none }
        let length = Int(bytes[offset + 1]) | Int(bytes[offset + 2]) << 8
        let complement = Int(bytes[offset + 3]) | Int(bytes[offset + 4]) << 8
        guard length ^ complement == 0xffff else { return .none }
        let start = offset + 5
        let end = min(start + length, bytes.count)
        return .stored(range: start..<end, complete: end == start + length)
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
