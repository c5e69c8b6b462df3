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
        /// (`BulkQuery.expectedRecords`), else the one read with the describes.
        public let expectedRecords: Int?
    }

    /// Creates the job while the describes are read (the fields' kinds, and the parts of a
    /// compound address, which a job cannot select: when the org refuses the query for one, the
    /// job is created again with the parts). `created` gets the job's id once the org has it, so
    /// that a caller interrupted meanwhile can abort it. A describe that fails aborts the job the
    /// org has (nobody will read it) before its failure is thrown (`requestFailed`). A query bulk
    /// cannot run is `unsupportedQuery`. The caller's cancellation never cuts it off: once the org
    /// has the job, its id must be known to abort it.
    public func start(created: @escaping @Sendable (String) -> Void = { _ in }) async throws(BulkQueryError) -> Started
    {
        let outcome = await Task { () async -> Result<Started, BulkQueryError> in
            do throws(BulkQueryError) {
                return .success(try await startUncancelled(created: created))
            } catch {
                return .failure(error)
            }
        }.value
        return try outcome.get()
    }

    private func startUncancelled(created: @Sendable (String) -> Void) async throws(BulkQueryError) -> Started {
        let (selectList, object) = try Self.statement(soql)
        let (soql, client) = (self.soql, bulk.client)
        // Without a count ahead, one is read with the describes, so that the polls can follow the job's pace.
        let counting = bulk.expectedRecords == nil ? countRequest() : nil
        let planning = Task { () async -> Result<BulkCSVRecords.Plan, RestClientError> in
            do throws(RestClientError) {
                return .success(
                    try await BulkCSVRecords.plan(
                        for: soql, columns: selectList.columns, object: object, client: client, counting: counting))
            } catch {
                return .failure(error)
            }
        }
        var outcome = await create(soql)
        let planned = await planning.value
        if case .failure(.unsupportedQuery) = outcome, case .success(let plan) = planned, plan.soql != soql {
            outcome = await create(plan.soql)
        }
        let job = try outcome.get()
        created(job.id)
        switch planned {
        case .success(let plan):
            return Started(
                job: job, plan: plan, selectList: selectList, object: object,
                expectedRecords: bulk.expectedRecords ?? plan.expectedRecords)
        case .failure(let error):
            // Already on `start`'s own task, which the caller's cancellation does not reach.
            _ = try? await bulk.abort(job.id)
            throw .requestFailed(error)
        }
    }

    /// `SELECT COUNT()` of the query's rows, through `queryAll` when the job reads deleted rows too.
    private func countRequest() -> RestRequest? {
        guard let count = SOQLCountRewriter.counting(soql) else { return nil }
        let client = bulk.client
        return operation == .queryAll ? client.request(forQueryAll: count) : client.request(forQuery: count)
    }

    private func create(_ soql: String) async -> Result<BulkQueryJob, BulkQueryError> {
        do throws(BulkQueryError) {
            return .success(try await bulk.create(soql, operation: operation))
        } catch {
            return .failure(error)
        }
    }
}
