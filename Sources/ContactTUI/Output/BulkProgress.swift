import RestCore
import Synchronization

/// A Bulk API 2.0 query's progress on standard error, when standard error is a terminal: one line,
/// redrawn in place as the job's state and records processed change and then as records are
/// written, and left as the last word once the query ends (`finish`). When the records go to
/// the terminal too, the line ends before the first of them and is not drawn again: a line drawn
/// over would land among the rows, which show the progress themselves. Nothing when standard
/// error is not a terminal, so that a script's log holds only what went wrong.
final class BulkProgress: Sendable {
    let isShown: Bool
    /// Whether the records are written to a terminal (standard output is one).
    let recordsShowOnTerminal: Bool
    private let state = Mutex<(lastJob: BulkQueryJob?, lineOpen: Bool, stopped: Bool)>((nil, false, false))

    init(
        isShown: Bool = StandardError.isTerminal, recordsShowOnTerminal: Bool = StandardOutput.isTerminal
    ) {
        self.isShown = isShown
        self.recordsShowOnTerminal = recordsShowOnTerminal
    }

    /// The records are about to be written: when they go to the terminal, the line ends and is
    /// not drawn again.
    func recordsBegin() {
        guard recordsShowOnTerminal else { return }
        finish()
        state.withLock { $0.stopped = true }
    }

    /// The job as a poll found it; redrawn only when its state or count moved.
    func report(_ job: BulkQueryJob) {
        guard isShown else { return }
        state.withLock { state in
            defer { state.lastJob = job }
            guard !state.stopped,
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
            guard !state.stopped else { return }
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
