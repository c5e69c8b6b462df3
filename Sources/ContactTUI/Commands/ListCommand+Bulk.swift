import Dispatch
import Foundation
import RecordOutput
import RestCore

/// `list` through a Bulk API 2.0 query job: `--bulk`, or by itself when the first REST page says
/// the query matches more than `bulkThreshold` records with pages left. The records are written
/// as the REST path writes them, straight from the CSV, a chunk at a time (`BulkCSVStream`).
/// Ctrl-C aborts the job (or, once it is complete, stops printing its results) and exits 130.
extension ListCommand {
    /// Above this many records, with pages left, `list` switches to a bulk job by itself.
    static let bulkThreshold = 50_000
    /// What the job reads: `query`, or `queryAll` with `--all-rows` (deleted and archived rows too).
    var bulkOperation: BulkQueryOperation { readsAllRows ? .queryAll : .query }

    /// A shell's status for a command that SIGINT ended.
    static let interruptedExitCode: Int32 = 130

    /// The automatic switch: the job, and one line on standard error once the org took it; a query
    /// the job cannot run goes back to REST paging, from its first page (nothing was printed yet).
    static func printSwitchingToBulk(
        of soql: String, operation: BulkQueryOperation, totalSize: Int, batchSize: Int, format: Format,
        client: RestClient, output: StandardOutput
    ) async -> Outcome {
        let announcement =
            "the query matches \(totalSize) records, more than \(bulkThreshold): reading them through a Bulk API 2.0 query job."
        let outcome = await printBulk(
            of: soql, operation: operation, format: format, client: client, output: output,
            expectedRecords: totalSize, announcing: announcement)
        if case .bulkFailed(.unsupportedQuery, printed: 0) = outcome {
            return await printRecords(
                of: soql, batchSize: batchSize, format: format, allRows: operation == .queryAll, client: client,
                output: output)
        }
        return outcome
    }

    /// Runs `soql` as a bulk job of `operation` (`.queryAll` for `--all-rows`) and prints its
    /// records. SIGINT cancels the work, aborts a job still running and ends in `.interrupted`. The polls
    /// follow the job's pace when the records it will process are known (`expectedRecords`).
    static func printBulk(
        of soql: String, operation: BulkQueryOperation, format: Format, client: RestClient, output: StandardOutput,
        expectedRecords: Int? = nil, announcing announcement: String? = nil
    ) async -> Outcome {
        let watch = BulkJobWatch()
        let work = Task {
            await runBulk(
                of: soql, operation: operation, format: format, client: client, expectedRecords: expectedRecords,
                output: output, watch: watch, announcing: announcement)
        }
        // The signal is handled, not fatal, while the job runs: Dispatch delivers it to the source.
        signal(SIGINT, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: SIGINT, queue: DispatchQueue(label: "list SIGINT"))
        source.setEventHandler {
            watch.interrupt()
            work.cancel()
        }
        source.resume()
        let outcome = await work.value
        source.cancel()
        signal(SIGINT, SIG_DFL)
        guard watch.isInterrupted else { return outcome }
        switch outcome {
        // The work ended before the signal could stop it: it stands.
        case .printed, .readerGone, .outputFailed: return outcome
        default: break
        }
        guard let id = watch.jobID else {
            return .interrupted("Interrupted before the Bulk API 2.0 query job was created.")
        }
        if watch.isComplete {
            // The job is done at the org: what is left to say is how much of it was printed.
            let printed = if case .bulkFailed(_, let printed) = outcome { printed } else { 0 }
            return .interrupted(incomplete("Interrupted while the job's results were printed", printed: printed))
        }
        let bulk = BulkQuery(client: client)
        do {
            try await bulk.abort(id)
        } catch {
            // A start whose describes failed meanwhile has aborted the job already.
            guard (try? await bulk.job(id))?.state == .aborted else {
                return .interrupted(
                    "Interrupted; the Bulk API 2.0 query job \(id) could not be aborted: \(error.description)")
            }
        }
        return .interrupted("Interrupted: the Bulk API 2.0 query job \(id) was aborted.")
    }

    private static func runBulk(
        of soql: String, operation: BulkQueryOperation, format: Format, client: RestClient, expectedRecords: Int?,
        output: StandardOutput, watch: BulkJobWatch, announcing announcement: String?
    ) async -> Outcome {
        let bulk = BulkQuery(client: client)
        let progress = BulkProgress()
        // Whatever ends the query, its last progress line stays, and what follows starts below it.
        defer { progress.finish() }
        let reader = BulkJobRecords(soql: soql, operation: operation, bulk: bulk, expectedRecords: expectedRecords)
        let started: BulkJobRecords.Started
        do throws(BulkQueryError) {
            // Ctrl-C cuts off only the wait for the describes; the job's id is known to abort it.
            started = try await reader.start(abortsWhenCancelled: false) { watch.created($0) }
        } catch {
            return .bulkFailed(error, printed: 0)
        }
        guard !Task.isCancelled else { return .bulkFailed(.requestFailed(.cancelled), printed: 0) }
        if let announcement { StandardError.report(announcement) }
        let (job, plan, selectList) = (started.job, started.plan, started.selectList)
        let complete: BulkQueryJob
        do {
            // A failure aborts the job; Ctrl-C's abort is `printBulk`'s, which says how it went.
            complete = try await reader.waitUntilComplete(started, abortsWhenCancelled: false) { progress.report($0) }
        } catch {
            return .bulkFailed(error, printed: 0)
        }
        watch.completed()
        var stream = BulkCSVStream(
            writer: RecordWriter(format: format == .json ? .json : .tsv, selectList: selectList),
            reading: plan.records)
        var buffer: [UInt8] = []
        var stop: Outcome?
        var reported = 0
        var pieceStart = 0
        /// Converts what `stream` takes into `buffer` and writes it out; a write that fails stops the read.
        func convert(_ take: (inout BulkCSVStream) throws(CSVReader.Failure) -> Void) throws(BulkQueryError) {
            buffer.removeAll(keepingCapacity: true)
            do throws(CSVReader.Failure) {
                try take(&stream)
            } catch {
                throw .unexpectedAnswer(error.description)
            }
            if let failure = write(buffer, to: output) {
                stop = failure
                throw .requestFailed(.cancelled)
            }
        }
        do throws(BulkQueryError) {
            // The results as one stream, each chunk's lines written as it arrives: one call for
            // the job's records unless the org's size limits cut them, and no piece held whole.
            progress.recordsBegin()
            try await bulk.streamResults(job.id, records: complete.numberRecordsProcessed) {
                chunk throws(BulkQueryError) in
                try convert { stream throws(CSVReader.Failure) in try stream.append(chunk[...], into: &buffer) }
                if stream.recordsWritten - reported >= Self.recordsPerProgressReport {
                    reported = stream.recordsWritten
                    progress.report(written: reported)
                }
            } endPiece: { records throws(BulkQueryError) in
                try convert { stream throws(CSVReader.Failure) in try stream.endPiece(into: &buffer) }
                // A body cut short at a line's end would otherwise pass for a whole piece.
                let converted = stream.recordsWritten - pieceStart
                guard converted == records else {
                    throw .unexpectedAnswer(
                        "a piece of results held \(converted) records where the org said \(records).")
                }
                pieceStart = stream.recordsWritten
                progress.report(written: stream.recordsWritten)
            }
        } catch {
            return stop ?? .bulkFailed(error, printed: stream.recordsWritten)
        }
        buffer.removeAll(keepingCapacity: true)
        var writer = stream.writer
        writer.finish(into: &buffer)
        return write(buffer, to: output) ?? .printed
    }

    /// Records written between two redraws of the progress line.
    static let recordsPerProgressReport = 25_000

    /// How a bulk query's failure ends `list`: a query the job cannot run is a usage error (2),
    /// anything else a runtime one (1), saying how much was printed when something was.
    static func failure(for error: BulkQueryError, printed: Int) -> CommandFailure {
        if case .unsupportedQuery = error { return .usage(error.description) }
        if case .requestFailed(let underlying) = error { return .runtime(sentence(for: underlying, printed: printed)) }
        guard printed > 0 else { return .runtime(error.description) }
        return .runtime(incomplete(error.description, printed: printed))
    }
}
