import RestCore
import Synchronization

/// A Bulk API 2.0 query's progress on standard error, when standard error is a terminal: one line,
/// redrawn in place as the job's state and records processed change and then as records are
/// written, and left as the last word once the query ends (`finish`). Nothing otherwise, so that
/// a script's log holds only what went wrong.
final class BulkProgress: Sendable {
    let isShown: Bool
    private let state = Mutex<(lastJob: BulkQueryJob?, lineOpen: Bool)>((nil, false))

    init(isShown: Bool = StandardError.isTerminal) {
        self.isShown = isShown
    }

    /// The job as a poll found it; redrawn only when its state or count moved.
    func report(_ job: BulkQueryJob) {
        guard isShown else { return }
        state.withLock { state in
            defer { state.lastJob = job }
            guard
                state.lastJob?.state != job.state
                    || state.lastJob?.numberRecordsProcessed != job.numberRecordsProcessed
            else { return }
            // The job's id last: a narrow terminal cuts it rather than the count.
            StandardError.redraw(
                "bulk query: \(job.state), \(job.numberRecordsProcessed) records processed (job \(job.id)).")
            state.lineOpen = true
        }
    }

    func report(written: Int) {
        guard isShown else { return }
        state.withLock { state in
            StandardError.redraw("bulk query: \(written) records written.")
            state.lineOpen = true
        }
    }

    /// Ends the line being redrawn, so that what is written next starts on a line of its own.
    func finish() {
        state.withLock { state in
            guard state.lineOpen else { return }
            StandardError.write(text: "\n")
            state.lineOpen = false
        }
    }
}
