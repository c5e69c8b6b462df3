import RestCore
import SOQL

/// A query's records read through a Bulk API 2.0 query job, a piece of results at a time, each
/// record as a REST query page holds it (`attributes.type`, parents nested, numbers as numbers):
/// the path for the first sync of a large list, whose model makes its rows from such records as
/// from a REST page's. `list --bulk` starts the same job (`start`) but writes the CSV straight out.
public struct BulkJobRecords: Sendable {
    public let soql: String
    public let operation: BulkQueryOperation
    public let bulk: BulkQuery
    /// The records the query is known to match (the count a REST page of it gave); nil has
    /// `start` read a count with the describes. Either way the polls follow the job's pace.
    public let expectedRecords: Int?

    public init(
        soql: String, operation: BulkQueryOperation = .query, bulk: BulkQuery, expectedRecords: Int? = nil
    ) {
        self.soql = soql
        self.operation = operation
        self.bulk = bulk
        self.expectedRecords = expectedRecords
    }

    /// Runs the job and hands each piece's records to `consume` as a query page, in query order,
    /// the form a list applies REST pages in (`applyPage`): the complete job's record count as
    /// `totalSize`, no `nextRecordsUrl`, and `done` on the piece that brings the records handed
    /// over to that count. The job is created while the describes are read (`start`): `created`
    /// gets its id once the org has it, `progress` every poll's answer. A query bulk cannot run
    /// is `unsupportedQuery`, for a caller to read by REST paging instead; a describe that fails
    /// is `requestFailed`. A failure before the job is complete aborts it (`start`,
    /// `waitUntilComplete`); after, the org has nothing left to run. Cancelling the calling task before the job is complete aborts the job
    /// at the org (`PATCH` state `Aborted`) before this returns, so that the org stops working
    /// for a reader that is gone (a list changed, the app quit).
    public func readPages(
        created: @escaping @Sendable (String) -> Void = { _ in },
        progress: @Sendable (BulkQueryJob) -> Void = { _ in },
        consume: (QueryResult) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        let started = try await start(created: created)
        let (job, plan) = (started.job, started.plan)
        let total = try await waitUntilComplete(started, abortsWhenCancelled: true, progress: progress)
            .numberRecordsProcessed
        var handed = 0
        try await bulk.readResults(job.id) { csv, _ throws(BulkQueryError) in
            let records: [JSONValue]
            do throws(CSVReader.Failure) {
                records = try plan.records.records(fromCSV: csv, type: started.object)
            } catch {
                throw .unexpectedAnswer(error.description)
            }
            handed += records.count
            try await consume(QueryResult(totalSize: total, done: handed >= total, records: records))
        }
    }

    /// Polls the job `start` made until it is complete (`BulkQuery.waitUntilComplete`), at its
    /// pace from the create's answer when its count is known. A failure that leaves
    /// the job running at the org (a poll that failed or was not understood) aborts it first, so
    /// that the org stops working for a reader that is gone, and is thrown as it came; a job that
    /// ended `Failed` or `Aborted` is left as it is. A cancellation aborts the job too when
    /// `abortsWhenCancelled`; otherwise the caller aborts it and says so (`list`'s Ctrl-C).
    public func waitUntilComplete(
        _ started: Started, abortsWhenCancelled: Bool, progress: @Sendable (BulkQueryJob) -> Void = { _ in }
    ) async throws(BulkQueryError) -> BulkQueryJob {
        let jobID = started.job.id
        do throws(BulkQueryError) {
            return try await bulk.waitUntilComplete(
                jobID, expectedRecords: started.expectedRecords, createdAt: started.createdAt, progress: progress)
        } catch {
            switch error {
            case .jobFailed, .jobAborted: break
            default: if abortsWhenCancelled || !Task.isCancelled { await abortUncancelled(jobID) }
            }
            throw error
        }
    }

    /// `PATCH` state `Aborted` on a task of its own, which the caller's cancellation does not
    /// reach; a job that ended meanwhile cannot be aborted, and is left as it is.
    func abortUncancelled(_ jobID: String) async {
        let bulk = self.bulk
        _ = await Task { try? await bulk.abort(jobID) }.value
    }

    /// The SELECT list and the object of `soql`, which a job's CSV must be read by; a query
    /// whose columns cannot be known ahead is `unsupportedQuery`.
    public static func statement(_ soql: String) throws(BulkQueryError) -> (selectList: SelectList, object: String) {
        guard let selectList = SelectList(soql: soql), !selectList.countsRows,
            let object = (try? SOQLParser.parse(soql))?.object.text
        else {
            throw .unsupportedQuery(
                .invalidRequest(
                    "its columns cannot be known ahead (FIELDS(), COUNT() or a statement that does not parse)."))
        }
        return (selectList, object)
    }
}
