import CompressNIO
import NIOCore

/// The first decoded bytes of a gzip body while its compressed pieces are still arriving, however
/// the server compressed it.
///
/// libdeflate decodes the whole body in one call once it is complete, at about twice zlib's
/// speed, but cannot start before. This reads just the head with zlib's streaming inflate
/// (compress-nio) and stops at `limit` bytes, so that a query page's `nextRecordsUrl` is known
/// early from any server: one that compresses from the first byte on, as Salesforce does, or one
/// that sends its head ahead in a stored block, as MockOrg does. The inflate costs a few
/// microseconds per page; the body is still decoded by libdeflate, whole.
struct GzipHeadReader {
    private let inflater: ZlibDecompressor?
    /// The head decoded so far, at most `limit` bytes.
    private(set) var head: ByteBuffer
    /// No more of the head will come: it is `limit` bytes long, the stream ended, or the body is
    /// not gzip (the whole-body decode reports that).
    private(set) var isFinished: Bool
    let limit: Int

    init(limit: Int) {
        self.limit = limit
        inflater = try? ZlibDecompressor(algorithm: .gzip)
        head = ByteBuffer()
        head.reserveCapacity(limit)
        isFinished = inflater == nil
    }

    /// Inflates what `piece`, the next piece of the body, adds to the head; `true` when it grew.
    mutating func read(_ piece: ByteBuffer) -> Bool {
        guard !isFinished, let inflater else { return false }
        let before = head.readableBytes
        var input = piece
        while !isFinished, input.readableBytes > 0 {
            // Never more room than the head may take, so that inflate stops there.
            var room = ByteBuffer()
            room.reserveCapacity(min(limit - head.readableBytes, 4096))
            do {
                try inflater.inflate(from: &input, to: &room)
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // The room is full: more may follow, in the next turn of the loop.
            } catch let error as CompressNIOError where error == .inputBufferOverflow {
                // All of the piece is used: the head goes on with the next one.
            } catch {
                isFinished = true  // not gzip, or damaged: the whole-body decode says which
            }
            let useful = min(room.readableBytes, limit - head.readableBytes)
            head.writeBytes(room.readableBytesView.prefix(useful))
            if head.readableBytes >= limit || (room.readableBytes == 0 && input.readableBytes > 0) {
                isFinished = true  // the head is whole, or the stream ended with input left
            }
        }
        return head.readableBytes > before
    }
}
