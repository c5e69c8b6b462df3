import RestCore
import Synchronization

/// A Bulk API 2.0 query's progress on standard error, when standard error is a terminal: the
/// job's state and records processed as they change, then the records written. Nothing otherwise,
/// so that a script's log holds only what went wrong.
final class BulkProgress: Sendable {
    let isShown: Bool
    private let lastJob = Mutex<BulkQueryJob?>(nil)

    init(isShown: Bool = StandardError.isTerminal) {
        self.isShown = isShown
    }

    /// The job as a poll found it; a line only when its state or count moved.
    func report(_ job: BulkQueryJob) {
        guard isShown else { return }
        let moved = lastJob.withLock { last in
            defer { last = job }
            return last?.state != job.state || last?.numberRecordsProcessed != job.numberRecordsProcessed
        }
        guard moved else { return }
        StandardError.report("bulk query job \(job.id): \(job.state), \(job.numberRecordsProcessed) records processed.")
    }

    func report(written: Int) {
        guard isShown else { return }
        StandardError.report("bulk query: \(written) records written.")
    }
}
