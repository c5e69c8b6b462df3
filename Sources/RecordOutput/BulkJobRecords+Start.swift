import RestCore
import SOQL

/// The start `list --bulk` and the first sync share: the describes read while the org takes the
/// job, and a compound address the org refuses selected as its parts.
extension BulkJobRecords {
    /// A job the org has, and what its CSV is read by.
    public struct Started: Sendable {
        public let job: BulkQueryJob
        /// The fields' kinds, and the query the job runs (compound addresses as their parts).
        public let plan: BulkCSVRecords.Plan
        public let selectList: SelectList
        public let object: String
        /// The records the job will process, when known ahead: the reader's own count
        /// (`expectedRecords`), else the one read with the describes.
        public let expectedRecords: Int?
        /// When the create's answer came: the job had processed nothing then.
        public let createdAt: ContinuousClock.Instant
    }

    /// Creates the job while the describes are read (the fields' kinds, and the parts of a
    /// compound address, which a job cannot select: when the org refuses the query for one, the
    /// job is created again with the parts), with the count of its rows when none is known ahead.
    /// `created` gets the job's id as soon as the org has it, so that a caller interrupted
    /// meanwhile can abort it. A describe that fails aborts the job the org has (nobody will read
    /// it) before its failure is thrown (`requestFailed`). A query bulk cannot run is
    /// `unsupportedQuery`. The caller's cancellation never cuts a create off (once the org has the
    /// job, its id must be known to abort it), but it does cut off the wait for the describes,
    /// which a slow count could make long: the cancellation is thrown, the job aborted first when
    /// `abortsWhenCancelled` (otherwise the caller aborts it and says so, as `list`'s Ctrl-C does).
    public func start(
        abortsWhenCancelled: Bool = true, created: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws(BulkQueryError) -> Started {
        let (selectList, object) = try Self.statement(soql)
        let (soql, client) = (self.soql, bulk.client)
        // Without a count ahead, one is read with the describes, so that the polls can follow the job's pace.
        let counting = expectedRecords == nil ? countRequest() : nil
        let planning = Task { () async -> Result<BulkCSVRecords.Plan, RestClientError> in
            do throws(RestClientError) {
                return .success(
                    try await BulkCSVRecords.plan(
                        for: soql, columns: selectList.columns, object: object, client: client, counting: counting))
            } catch {
                return .failure(error)
            }
        }
        var outcome = await createUncancelled(soql, created: created)
        let planned = await withTaskCancellationHandler {
            await planning.value
        } onCancel: {
            planning.cancel()
        }
        if case .failure(.unsupportedQuery) = outcome, case .success(let plan) = planned, plan.soql != soql {
            outcome = await createUncancelled(plan.soql, created: created)
        }
        let (job, createdAt) = try outcome.get()
        switch planned {
        case .success(let plan):
            return Started(
                job: job, plan: plan, selectList: selectList, object: object,
                expectedRecords: expectedRecords ?? plan.expectedRecords, createdAt: createdAt)
        case .failure(let error):
            if abortsWhenCancelled || !Task.isCancelled { await abortUncancelled(job.id) }
            throw .requestFailed(error)
        }
    }

    /// Creates a job of `soql` on a task of its own, which the caller's cancellation does not
    /// reach, and hands its id to `created`; the job, and when the org's answer came.
    private func createUncancelled(
        _ soql: String, created: @escaping @Sendable (String) -> Void
    ) async -> Result<(BulkQueryJob, ContinuousClock.Instant), BulkQueryError> {
        let bulk = self.bulk
        let operation = self.operation
        return await Task { () async -> Result<(BulkQueryJob, ContinuousClock.Instant), BulkQueryError> in
            do throws(BulkQueryError) {
                let job = try await bulk.create(soql, operation: operation)
                created(job.id)
                return .success((job, .now))
            } catch {
                return .failure(error)
            }
        }.value
    }

    /// `SELECT COUNT()` of the query's rows, through `queryAll` when the job reads deleted rows too.
    private func countRequest() -> RestRequest? {
        guard let count = SOQLCountRewriter.counting(soql) else { return nil }
        let client = bulk.client
        return operation == .queryAll ? client.request(forQueryAll: count) : client.request(forQuery: count)
    }
}
