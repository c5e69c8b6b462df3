import ContactList
import Glibc
import RestCore
import Synchronization

/// Network outcomes waiting for the UI thread, and the pipe that wakes it.
///
/// Tasks post from any thread; the UI thread blocks in `poll()` on `readDescriptor`
/// and drains the queue when a byte arrives, so an idle app uses no CPU.
final class WakeupQueue: Sendable {
    enum Event: Sendable {
        case response(RestRequestID, Result<RestResponse, RestClientError>)
        /// A sentence for the status line from work off the UI thread (a browser that did not start).
        case notice(String)
        /// How writing rows to a file (`w`) ended.
        case exported(RecordExport.Outcome)
        /// The org named another user than the one the local stores were opened for: the sentence why they go.
        case localStoresDropped(String)
        /// A piece of a list's bulk read (`readBulk`) as a page, or how the job failed.
        case bulkPage(RestRequestID, Result<QueryResult, BulkQueryError>)
        /// A poll's answer for a list's bulk read (`readBulk`): the job still running at the org.
        case bulkJob(RestRequestID, BulkQueryJob)
    }

    let readDescriptor: Int32
    let writeDescriptor: Int32
    private let events = Mutex<[Event]>([])
    private let closed = Atomic<Bool>(false)

    init() {
        var descriptors: [Int32] = [-1, -1]
        precondition(pipe(&descriptors) == 0, "pipe failed")
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Queues an event and wakes the UI thread.
    func post(_ event: Event) {
        events.withLock { $0.append(event) }
        var byte: UInt8 = 0
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Whether the UI thread has stopped draining: outcomes posted now are never applied.
    var isClosed: Bool { closed.load(ordering: .acquiring) }

    /// Marks the queue as no longer drained, when the loop ends.
    func markClosed() {
        closed.store(true, ordering: .releasing)
    }

    /// Takes every queued event, oldest first.
    func drain() -> [Event] {
        events.withLock { queued in
            defer { queued.removeAll() }
            return queued
        }
    }

    /// Empties the pipe; returns the signal numbers written by signal handlers.
    func drainWakeups() -> [Int32] {
        var signals: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = read(readDescriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            signals += buffer[0..<count].filter { $0 != 0 }.map(Int32.init)
        }
        return signals
    }
}
