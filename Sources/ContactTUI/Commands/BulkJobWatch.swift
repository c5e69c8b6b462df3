import Synchronization

/// What a Ctrl-C during a bulk `list` needs to know: whether it came, which job to abort, and
/// whether the job is complete already (its results being printed: nothing is left to abort).
final class BulkJobWatch: Sendable {
    private let state = Mutex<(jobID: String?, interrupted: Bool, complete: Bool)>((nil, false, false))

    var jobID: String? {
        state.withLock { $0.jobID }
    }

    var isInterrupted: Bool {
        state.withLock { $0.interrupted }
    }

    var isComplete: Bool {
        state.withLock { $0.complete }
    }

    func completed() {
        state.withLock { $0.complete = true }
    }

    func created(_ jobID: String) {
        state.withLock { $0.jobID = jobID }
    }

    func interrupt() {
        state.withLock { $0.interrupted = true }
    }
}
