import CISAL
import NIOCore

/// Decodes a gzip body as its bytes arrive, with ISA-L's inflate, for an answer read a chunk at a
/// time (`RestBodyReader`), where `GzipDecoder` decodes whole bodies. Members follow one another
/// (RFC 1952), as an org that compresses a long answer in slices sends them; each member's CRC
/// and size are checked by ISA-L. Used by one reader at a time.
final class GzipStream {
    /// ISA-L's state (some 20 KB: its Huffman tables), made once per body.
    private let state: UnsafeMutablePointer<inflate_state>
    /// Output is decoded into this, then copied out.
    private let window: UnsafeMutableRawBufferPointer
    /// Whether the last member ended (or none began): the body may end here.
    private var betweenMembers = true
    /// The decoded bytes so far, against `limit`.
    private var decoded = 0
    private let limit: Int

    /// Bytes decoded per ISA-L call at most.
    static let windowBytes = 256 * 1024

    init(limit: Int) {
        self.limit = limit
        state = .allocate(capacity: 1)
        window = .allocate(byteCount: Self.windowBytes, alignment: 64)
    }

    deinit {
        state.deallocate()
        window.deallocate()
    }

    /// Decodes the readable bytes of `buffer`, the body's next ones, appending what they hold to `output`.
    func decode(_ buffer: ByteBuffer, into output: inout [UInt8]) throws(GzipDecoder.Failure) {
        // `withUnsafeReadableBytes` rethrows untyped: the typed failure travels in a Result.
        let outcome = buffer.withUnsafeReadableBytes { bytes in
            Result { () throws(GzipDecoder.Failure) in try decode(bytes, into: &output) }
        }
        try outcome.get()
    }

    /// Decodes `input`, the body's next bytes, appending what they hold to `output`.
    private func decode(_ input: UnsafeRawBufferPointer, into output: inout [UInt8]) throws(GzipDecoder.Failure) {
        guard let base = input.baseAddress, !input.isEmpty else { return }
        var next = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: UInt8.self))
        var left = input.count
        while left > 0 {
            if betweenMembers {
                isal_inflate_init(state)
                state.pointee.crc_flag = UInt32(ISAL_GZIP)
                betweenMembers = false
            }
            let taken = min(left, Int(UInt32.max))
            state.pointee.next_in = next
            state.pointee.avail_in = UInt32(taken)
            repeat {
                state.pointee.next_out = window.baseAddress!.assumingMemoryBound(to: UInt8.self)
                state.pointee.avail_out = UInt32(window.count)
                guard isal_inflate(state) == ISAL_DECOMP_OK else { throw .corrupt }
                let produced = window.count - Int(state.pointee.avail_out)
                decoded += produced
                guard decoded <= limit else { throw .tooLarge }
                output.append(contentsOf: UnsafeRawBufferPointer(rebasing: window[..<produced]))
                // Until the input is used up and the window was not filled, or the member ends.
            } while state.pointee.block_state != ISAL_BLOCK_FINISH
                && (state.pointee.avail_in > 0 || state.pointee.avail_out == 0)
            let unused = Int(state.pointee.avail_in)
            next += taken - unused
            left -= taken - unused
            if state.pointee.block_state == ISAL_BLOCK_FINISH {
                betweenMembers = true
            } else if unused > 0 {
                throw .corrupt
            }
        }
    }

    /// Checks that the body ended where a member did: a body cut short is damaged.
    func finish() throws(GzipDecoder.Failure) {
        guard betweenMembers else { throw .corrupt }
    }
}
