import ContactList
import Foundation

/// Rows read on one thread and shown on another, a chunk at a time, in order: a start reads and
/// decodes the replica's rows while the model takes the chunks already read.
final class ReadyRowChunks: @unchecked Sendable {
    /// Rows a chunk: small enough that the first is shown soon, large enough that handing over
    /// costs nothing next to reading.
    static let size = 8192

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var waiting: [[ReadyRow]] = []
    private var finished = false
    private var read = false

    /// Hands over the next chunk.
    func put(_ chunk: [ReadyRow]) {
        condition.lock()
        waiting.append(chunk)
        condition.signal()
        condition.unlock()
    }

    /// No chunk follows; `read` says whether every row was read.
    func finish(read: Bool) {
        condition.lock()
        finished = true
        self.read = read
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk, waiting for it; nil once the reader finished and every chunk was taken.
    func next() -> [ReadyRow]? {
        condition.lock()
        defer { condition.unlock() }
        while waiting.isEmpty && !finished { condition.wait() }
        return waiting.isEmpty ? nil : waiting.removeFirst()
    }

    /// Whether every row was read (ask after `next()` returned nil).
    var wasRead: Bool {
        condition.lock()
        defer { condition.unlock() }
        return read
    }
}
