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
    /// Chunks handed over and not taken yet, by their place in the list.
    private var waiting: [Int: ReadyChunk] = [:]
    /// The place of the chunk `next()` hands out next.
    private var taken = 0
    /// The place of the chunk `put(_:)` hands over next.
    private var given = 0
    private var finished = false
    private var read = false
    /// Whether chunks handed over are dropped (`finishUnread()`).
    private var discards = false

    /// Hands over the chunk after the last one handed over.
    func put(_ chunk: ReadyChunk) {
        condition.lock()
        let index = given
        given += 1
        condition.unlock()
        put(chunk, at: index)
    }

    /// Hands over the chunk at place `index` (chunks read on several threads at once arrive in
    /// any order; they are taken in order).
    func put(_ chunk: ReadyChunk, at index: Int) {
        condition.lock()
        defer { condition.unlock() }
        if !discards { waiting[index] = chunk }
        condition.broadcast()
    }

    /// No chunk follows; `read` says whether every row was read.
    func finish(read: Bool) {
        condition.lock()
        finished = true
        self.read = read
        condition.broadcast()
        condition.unlock()
    }

    /// The next chunk in order, waiting for it; nil once the readers finished and the next chunk
    /// never came (every chunk taken, or one not read).
    func next() -> ReadyChunk? {
        condition.lock()
        defer { condition.unlock() }
        while waiting[taken] == nil && !finished { condition.wait() }
        guard let chunk = waiting.removeValue(forKey: taken) else { return nil }
        taken += 1
        return chunk
    }

    /// Lets the readers' chunks go unread: the caller will not take them (a start that needs no
    /// more rows). The readers still run to their end; what they hand over is dropped.
    func finishUnread() {
        condition.lock()
        defer { condition.unlock() }
        discards = true
        waiting.removeAll()
    }

    /// Whether every row was read (ask after `next()` returned nil).
    var wasRead: Bool {
        condition.lock()
        defer { condition.unlock() }
        return read
    }
}
