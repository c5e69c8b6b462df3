import NIOCore
import Synchronization

/// The org's Bulk API 2.0 query jobs. A job runs in the background: one scan under the store's
/// lock selects its rows, then it writes its CSV into its result file `rowsPerSlice` rows at a
/// time, each slice under the lock and written out off it: `UploadComplete`, `InProgress` (its
/// `numberRecordsProcessed` the rows written, spread over `delay`), then `JobComplete`, or
/// `Failed` with an `errorMessage` (the scan's error, or `failure` when a test sets one), or
/// `Aborted` when a client asks. Pieces of results are read back from the file, off the lock.
final class BulkQueryJobs: Sendable {
    /// The most bytes of lines in one piece of results when the client does not say
    /// (`maxRecords`). Salesforce sizes such pieces itself and publishes only that "the server
    /// uses a default value based on the service"; this is the mock's choice. What a piece costs
    /// the org while it is sent is one slice of it, whatever its size (`BulkQueryRoutes.streamed`).
    static let defaultPieceBytes = 32 * 1024 * 1024
    /// Rows written under the lock at a time while a job writes its CSV.
    static let rowsPerSlice = 10_000
    /// Pieces that one `resultPages` answer links to, as on Salesforce.
    static let linksPerResultPages = 5

    let store: OrgStore
    /// How long a job stays `InProgress`.
    let delay: Duration
    /// When set, every job ends `Failed` with this message.
    let failure: String?
    private let jobs = Mutex<(byID: [String: BulkQueryJob], order: [String], serial: Int)>(([:], [], 0))

    init(store: OrgStore, delay: Duration = .zero, failure: String? = nil) {
        self.store = store
        self.delay = delay
        self.failure = failure
    }

    /// Checks and records a new job, and starts it.
    func create(
        operation: String, soql: String, apiVersion: String, columnDelimiter: String, lineEnding: String, now: Int64
    ) throws(APIError) -> BulkQueryJob {
        let query = try store.bulkQuery(soql, now: now)
        let job = jobs.withLock { jobs in
            jobs.serial += 1
            let job = BulkQueryJob(
                id: SalesforceID.make(keyPrefix: "750", serial: jobs.serial), operation: operation, query: query,
                apiVersion: apiVersion, createdMillis: now, columnDelimiter: columnDelimiter, lineEnding: lineEnding,
                systemModstampMillis: now)
            jobs.byID[job.id] = job
            jobs.order.append(job.id)
            return job
        }
        Task.detached { await self.run(job.id) }
        return job
    }

    func job(_ id: String) throws(APIError) -> BulkQueryJob {
        guard let job = jobs.withLock({ $0.byID[id] }) else { throw APIError.notFound }
        return job
    }

    /// Every job, oldest first.
    func all() -> [BulkQueryJob] {
        jobs.withLock { jobs in jobs.order.compactMap { jobs.byID[$0] } }
    }

    /// `PATCH {"state":"Aborted"}`: only a job still running can be aborted.
    func abort(_ id: String, now: Int64) throws(APIError) -> BulkQueryJob {
        try jobs.withLock {
            (jobs: inout (byID: [String: BulkQueryJob], order: [String], serial: Int)) throws(APIError) in
            guard var job = jobs.byID[id] else { throw APIError.notFound }
            guard !job.state.isFinal else {
                throw APIError(
                    status: 400, "INVALIDJOBSTATE", "Job with state \(job.state.rawValue) cannot be aborted")
            }
            job.state = .aborted
            job.results = nil
            job.systemModstampMillis = now
            jobs.byID[id] = job
            return job
        }
    }

    /// `DELETE`: a job still running must be aborted first.
    func delete(_ id: String) throws(APIError) {
        try jobs.withLock {
            (jobs: inout (byID: [String: BulkQueryJob], order: [String], serial: Int)) throws(APIError) in
            guard let job = jobs.byID[id] else { throw APIError.notFound }
            guard job.state != .inProgress else {
                throw APIError(status: 400, "INVALIDJOBSTATE", "Job with state InProgress cannot be deleted")
            }
            jobs.byID[id] = nil
            jobs.order.removeAll { $0 == id }
        }
    }

    /// One piece of a complete job's results from `offset`: the file and the piece's lines in it,
    /// to be read back as the piece is sent (`BulkResultFile.slices`), and the offset of the next
    /// piece (nil on the last). Without `maxRecords`, a piece holds up to `defaultPieceBytes` of lines.
    func results(
        _ id: String, apiVersion: String, offset: Int, maxRecords: Int?
    ) throws(APIError) -> (file: BulkResultFile, rows: Range<Int>, next: Int?) {
        let file = try resultFile(id, apiVersion: apiVersion)
        guard offset >= 0, offset <= file.count else {
            throw APIError(status: 400, "INVALIDLOCATOR", "Invalid locator")
        }
        let end = Self.pieceEnd(of: file, from: offset, maxRecords: maxRecords)
        return (file, offset..<end, end < file.count ? end : nil)
    }

    /// Where the piece from `offset` ends: `maxRecords` records, or `defaultPieceBytes` of lines.
    static func pieceEnd(of file: BulkResultFile, from offset: Int, maxRecords: Int?) -> Int {
        guard let maxRecords else { return file.pieceEnd(from: offset, budget: defaultPieceBytes) }
        return min(file.count, offset + maxRecords)
    }

    /// A complete job's CSV, asked for at the job's own API version.
    func resultFile(_ id: String, apiVersion: String) throws(APIError) -> BulkResultFile {
        guard let file = try completeJob(id, apiVersion: apiVersion).results else {
            throw APIError(status: 400, "INVALIDJOBSTATE", "Job is not in a valid state to retrieve results")
        }
        return file
    }

    /// The job when its results can be read: complete, and asked for at its own API version (409 otherwise).
    func completeJob(_ id: String, apiVersion: String) throws(APIError) -> BulkQueryJob {
        let job = try job(id)
        guard job.apiVersion == apiVersion else {
            throw APIError(
                status: 409, "INVALIDJOBSTATE",
                "Results must be requested with the API version the job was created with (\(job.apiVersion))")
        }
        guard job.state == .jobComplete else {
            throw APIError(
                status: 400, "INVALIDJOBSTATE", "Job is not in a valid state to retrieve results: \(job.state.rawValue)"
            )
        }
        return job
    }

    // MARK: - Running

    /// Steps the `InProgress` state is shown in at the least, so that progress can be seen.
    private static let steps = 10

    private func run(_ id: String) async {
        guard update(id, { $0.state = .inProgress }) else { return }
        let job: BulkQueryJob
        do {
            job = try self.job(id)
        } catch {
            return
        }
        let rows: [Int32]
        do {
            rows = try store.bulkRows(job.query, includeDeleted: job.operation == "queryAll")
        } catch {
            fail(id, error.errorCode + ": " + error.message)
            return
        }
        let header = store.bulkCSVHeader(job.query, delimiter: job.delimiterByte, lineEnding: job.lineEndingBytes)
        guard var writer = BulkResultFile.Writer(header: header) else {
            fail(id, "UNKNOWN_EXCEPTION: The job's results could not be stored")
            return
        }
        let steps = max(Self.steps, (rows.count + Self.rowsPerSlice - 1) / Self.rowsPerSlice)
        for step in 1...steps {
            if delay > .zero { try? await Task.sleep(for: delay / steps) }
            let slice = rows[rows.count * (step - 1) / steps..<rows.count * step / steps]
            let parts = store.bulkCSVLines(
                job.query, rows: slice, delimiter: job.delimiterByte, lineEnding: job.lineEndingBytes)
            for lines in parts {
                guard writer.append(lines.bytes, ends: lines.ends) else {
                    fail(id, "UNKNOWN_EXCEPTION: The job's results could not be stored")
                    return
                }
            }
            guard update(id, { $0.numberRecordsProcessed = slice.endIndex }) else { return }
        }
        let file = writer.finish()
        _ = update(id) { job in
            if let failure = self.failure {
                job.state = .failed
                job.errorMessage = failure
            } else {
                job.state = .jobComplete
                job.results = file
            }
        }
    }

    /// Ends a job still running `Failed` with `message`.
    private func fail(_ id: String, _ message: String) {
        _ = update(id) { job in
            job.state = .failed
            job.errorMessage = message
        }
    }

    /// Applies `change` to a job still running; false when it is gone, aborted or finished.
    private func update(_ id: String, _ change: (inout BulkQueryJob) -> Void) -> Bool {
        jobs.withLock { jobs in
            guard var job = jobs.byID[id], !job.state.isFinal else { return false }
            change(&job)
            jobs.byID[id] = job
            return true
        }
    }
}
