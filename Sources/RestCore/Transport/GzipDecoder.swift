import CLibDeflate
import NIOCore

/// Decodes a whole gzip body in one call with libdeflate, into one array of the size the gzip
/// trailer names: about twice zlib's speed, and no piece-by-piece copies.
///
/// The trailer's size (ISIZE) is only a hint: a body that decodes to more is given more room, up
/// to `limit`, and a body of several gzip members (RFC 1952 allows it) is decoded member by member.
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
        guard compressed.count >= smallestMember, compressed.starts(with: [0x1f, 0x8b]),
            let input = compressed.baseAddress
        else { throw .corrupt }
        // The last member's uncompressed size modulo 2^32, little-endian; a cut-short body ends in
        // anything, so it only sizes the first try, within the limit.
        let hint = Int(compressed.loadUnaligned(fromByteOffset: compressed.count - 4, as: UInt32.self).littleEndian)
        guard let decompressor = libdeflate_alloc_decompressor() else { throw .corrupt }
        defer { libdeflate_free_decompressor(decompressor) }
        // A trailer that understates (several members, or a lying one) costs a decode per doubling:
        // start from at least four times the compressed size.
        var capacity = min(max(hint, compressed.count * 4, 4096), limit)
        while true {
            var failure: Failure?
            let decoded = [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
                var consumed = 0
                count = 0
                while consumed < compressed.count {
                    var memberIn = 0
                    var memberOut = 0
                    let result = libdeflate_gzip_decompress_ex(
                        decompressor, input + consumed, compressed.count - consumed, output.baseAddress! + count,
                        capacity - count, &memberIn, &memberOut)
                    switch result {
                    case LIBDEFLATE_SUCCESS:
                        consumed += memberIn
                        count += memberOut
                    case LIBDEFLATE_INSUFFICIENT_SPACE:
                        failure = .tooLarge
                        return
                    default:
                        failure = .corrupt
                        return
                    }
                }
            }
            switch failure {
            case nil: return decoded
            case .tooLarge where capacity < limit: capacity = min(capacity * 2, limit)
            case let failure?: throw failure
            }
        }
    }
}
