import CLibDeflate
import NIOCore
import Synchronization

/// gzip of a whole body in one call, with libdeflate at its fastest level: two to three times
/// zlib's speed at a similar size, and the org makes each page in one buffer anyway.
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

    /// `body` as one gzip member.
    static func compress(_ body: ByteBuffer) -> ByteBuffer {
        let handle = pool.withLock { $0.popLast() } ?? Handle(pointer: libdeflate_alloc_compressor(level))
        defer {
            let kept = pool.withLock { pool in
                guard pool.count < keptCompressors else { return false }
                pool.append(handle)
                return true
            }
            if !kept { libdeflate_free_compressor(handle.pointer) }
        }
        let bound = libdeflate_gzip_compress_bound(handle.pointer, body.readableBytes)
        var compressed = ByteBuffer()
        compressed.writeWithUnsafeMutableBytes(minimumWritableBytes: bound) { output in
            body.withUnsafeReadableBytes { input in
                // The bound is always enough room, so the size written is never 0.
                libdeflate_gzip_compress(handle.pointer, input.baseAddress, input.count, output.baseAddress, bound)
            }
        }
        return compressed
    }
}
