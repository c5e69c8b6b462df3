import CLibDeflate
import NIOCore
import Synchronization

/// gzip of a whole body in one call, with libdeflate at its fastest level: two to three times
/// zlib's speed at a similar size, and the org makes each page in one buffer anyway.
///
/// A body may also be one gzip member made in two parts (`memberStart(storing:)`, then
/// `memberEnd(compressing:after:)`): its head goes out at once in a stored (uncompressed) deflate
/// block, which a client reads without decoding, and the rest follows compressed in the same
/// deflate stream; any gzip decoder reads it as one member.
///
/// A compressor holds its match finder's tables (some 100 KB), so finished ones are kept for the
/// next body instead of being allocated for each; one is used by one body at a time.
enum GzipCompressor {
    /// libdeflate's fastest level: on loopback the org's CPU, not the wire, bounds a page's time,
    /// and it still makes a query page about 8x smaller.
    static let level: Int32 = 1

    /// Compressors kept for reuse at most; more bodies at once allocate their own.
    private static let keptCompressors = 8

    /// A libdeflate compressor, taken out of the pool by the one body that uses it.
    private struct Handle: @unchecked Sendable {
        let pointer: OpaquePointer
    }

    private static let pool = Mutex<[Handle]>([])

    /// The 10-byte gzip header: deflate, no flags, no time, fastest level (XFL 4), unknown OS.
    private static let header: [UInt8] = [0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 4, 0xff]

    /// The most a stored block holds.
    static let largestStoredBlock = 65_535

    /// `body` as one gzip member.
    static func compress(_ body: ByteBuffer) -> ByteBuffer {
        withCompressor { compressor in
            let bound = libdeflate_gzip_compress_bound(compressor, body.readableBytes)
            var compressed = ByteBuffer()
            compressed.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { output in
                body.withUnsafeReadableBytes { input in
                    // The bound is always enough room, so the size written is never 0.
                    libdeflate_gzip_compress(compressor, input.baseAddress, input.count, output.baseAddress, bound)
                }
            }
            return compressed
        }
    }

    /// The start of a gzip member: its header and `head` (at most `largestStoredBlock` bytes) in a
    /// stored deflate block that is not the last.
    static func memberStart(storing head: ByteBuffer) -> ByteBuffer {
        precondition(head.readableBytes <= largestStoredBlock)
        let length = UInt16(head.readableBytes)
        var start = ByteBuffer()
        start.reserveCapacity(header.count + 5 + head.readableBytes)
        start.writeBytes(header)
        start.writeInteger(UInt8(0))  // BFINAL 0, BTYPE 00 (stored), then padding to the byte
        start.writeInteger(length, endianness: .little)
        start.writeInteger(~length, endianness: .little)
        start.writeImmutableBuffer(head)
        return start
    }

    /// The end of the member begun by `memberStart(storing: head)`: `rest` compressed (its last
    /// deflate block is the stream's last), and the trailer, over `head` and `rest` both.
    static func memberEnd(compressing rest: ByteBuffer, after head: ByteBuffer) -> ByteBuffer {
        withCompressor { compressor in
            let bound = libdeflate_deflate_compress_bound(compressor, rest.readableBytes)
            var end = ByteBuffer()
            end.reserveCapacity(bound + 8)
            var crc = head.withUnsafeReadableBytes { libdeflate_crc32(0, $0.baseAddress, $0.count) }
            end.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { output in
                rest.withUnsafeReadableBytes { input in
                    crc = libdeflate_crc32(crc, input.baseAddress, input.count)
                    // The bound is always enough room, so the size written is never 0.
                    return libdeflate_deflate_compress(
                        compressor, input.baseAddress, input.count, output.baseAddress, bound)
                }
            }
            end.writeInteger(crc, endianness: .little)
            end.writeInteger(UInt32(truncatingIfNeeded: head.readableBytes + rest.readableBytes), endianness: .little)
            return end
        }
    }

    /// Runs `body` with a compressor of the pool's, or a new one when none is free.
    private static func withCompressor<T>(_ body: (OpaquePointer) -> T) -> T {
        let handle = pool.withLock { $0.popLast() } ?? Handle(pointer: libdeflate_alloc_compressor(level))
        defer {
            let kept = pool.withLock { pool in
                guard pool.count < keptCompressors else { return false }
                pool.append(handle)
                return true
            }
            if !kept { libdeflate_free_compressor(handle.pointer) }
        }
        return body(handle.pointer)
    }
}
