import Synchronization

/// What a Ctrl-C during a bulk `list` needs to know: whether it came, and which job to abort.
final class BulkJobWatch: Sendable {
    private let state = Mutex<(jobID: String?, interrupted: Bool)>((nil, false))

    var jobID: String? {
        state.withLock { $0.jobID }
    }

    var isInterrupted: Bool {
        state.withLock { $0.interrupted }
    }

    func created(_ jobID: String) {
        state.withLock { $0.jobID = jobID }
    }

    func interrupt() {
        state.withLock { $0.interrupted = true }
    }
}
