import MockOrg
import RecordOutput
import RestCore
import Synchronization
import TestSupport
import Testing

/// `BulkJobRecords` against the mock org: a job's records, piece by piece, are the records a
/// REST query page holds for the same query, in the same order, so that a list's first sync can
/// make its rows from either.
@Suite struct BulkJobRecordsTests {
    static let soql = "SELECT Id, Name, Email, Phone, Account.Name, CreatedDate FROM Contact ORDER BY Name"

    /// A record without its `attributes` (REST's carry a `url` a job's cannot), parents included.
    static func withoutAttributes(_ value: JSONValue) -> JSONValue {
        guard case .object(var fields) = value else { return value }
        fields["attributes"] = nil
        for (key, field) in fields { fields[key] = withoutAttributes(field) }
        return .object(fields)
    }

    @Test func aJobsRecordsArriveInPiecesInQueryOrderAsRESTPagesHoldThem() async throws {
        try await LiveOrg.with { org in
            let client = org.client
            let rest = try await client.send(client.request(forQuery: Self.soql)).decode(QueryResult.self).records
            #expect(rest.count == 200)
            let reader = BulkJobRecords(soql: Self.soql, bulk: BulkQuery(client: client, maxRecords: 70))
            var pieces: [[JSONValue]] = []
            let jobs = JobIDs()
            try await reader.readPages(created: { jobs.add($0) }) { page in pieces.append(page.records) }
            #expect(pieces.map(\.count) == [70, 70, 60])
            let records = pieces.flatMap { $0 }
            #expect(records.map(Self.withoutAttributes) == rest.map(Self.withoutAttributes))
            #expect(records.allSatisfy { $0["attributes"]?["type"]?.stringValue == "Contact" })
            #expect(jobs.ids.count == 1 && jobs.ids[0].hasPrefix("750"))
        }
    }

    @Test func asQueryPagesEachPieceCarriesTheJobsCountAndOnlyTheLastIsDone() async throws {
        try await LiveOrg.with { org in
            let reader = BulkJobRecords(soql: Self.soql, bulk: BulkQuery(client: org.client, maxRecords: 70))
            var pages: [QueryResult] = []
            try await reader.readPages { page in pages.append(page) }
            #expect(pages.map(\.records.count) == [70, 70, 60])
            #expect(pages.map(\.totalSize) == [200, 200, 200])
            #expect(pages.map(\.done) == [false, false, true])
            #expect(pages.allSatisfy { $0.nextRecordsUrl == nil })
        }
    }

    @Test func aCompoundAddressTheOrgRefusesIsSelectedAsItsPartsAndRebuilt() async throws {
        try await LiveOrg.with { org in
            let soql = "SELECT Id, MailingAddress FROM Contact ORDER BY Name"
            let client = org.client
            let rest = try await client.send(client.request(forQuery: soql)).decode(QueryResult.self).records
            let jobs = JobIDs()
            let started = try await BulkJobRecords(soql: soql, bulk: BulkQuery(client: client)).start {
                jobs.add($0)
            }
            // The org refused the address (no job), then took its parts.
            #expect(jobs.ids == [started.job.id])
            #expect(started.plan.soql.contains("MailingCity") && !started.plan.soql.contains("MailingAddress"))
            var records: [JSONValue] = []
            try await BulkJobRecords(soql: soql, bulk: BulkQuery(client: client)).readPages { records += $0.records }
            #expect(records.count == 200)
            #expect(records.map(Self.withoutAttributes) == rest.map(Self.withoutAttributes))
        }
    }

    @Test func aQueryBulkCannotRunIsUnsupportedForTheCallerToPageInstead() async throws {
        try await LiveOrg.with { org in
            let reader = BulkJobRecords(soql: "SELECT COUNT() FROM Contact", bulk: BulkQuery(client: org.client))
            let error = await #expect(throws: BulkQueryError.self) {
                try await reader.readPages { _ in Issue.record("no records were expected") }
            }
            guard case .unsupportedQuery = error else {
                Issue.record("expected unsupportedQuery, got \(String(describing: error))")
                return
            }
        }
    }

    /// How `interruptedRead` cancels its read: at once (before the create can have been
    /// answered), or once the job exists.
    enum Cancellation { case atOnce, onceCreated }

    /// A first sync's read (`readPages`) while its job runs at the org (slowed, so that there is
    /// something to abort), ended by `faults` failing the org's requests or by `cancel`: the error
    /// it ends with, the ids `created` reported, and every job as the org's list of jobs
    /// (`GET …/jobs/query`) then describes it.
    static func interruptedRead(
        _ faults: MockOrgRequestFault..., cancel: Cancellation? = nil
    ) async throws -> (
        error: BulkQueryError?, created: [String], jobs: [(id: String, state: String)]
    ) {
        var configuration = MockOrgConfiguration(contacts: 50)
        configuration.bulkDelay = .seconds(20)
        configuration.requestFaults = faults
        return try await LiveOrg.with(configuration) { org in
            let created = JobIDs()
            let reader = BulkJobRecords(soql: Self.soql, bulk: BulkQuery(client: org.client))
            let read = Task { () async -> BulkQueryError? in
                do throws(BulkQueryError) {
                    try await reader.readPages(created: { created.add($0) }) { _ in
                        Issue.record("no piece was expected")
                    }
                    return nil
                } catch {
                    return error
                }
            }
            switch cancel {
            case .atOnce?:
                read.cancel()
            case .onceCreated?:
                #expect(await waitUntil { !created.ids.isEmpty })
                read.cancel()
            case nil:
                break
            }
            let error = await read.value
            let list = try await org.client.send(RestRequest(method: .GET, path: "/services/data/v66.0/jobs/query"))
                .asJSONValue()
            let jobs = (list["records"]?.arrayValue ?? []).map {
                (id: $0["id"]?.stringValue ?? "", state: $0["state"]?.stringValue ?? "")
            }
            return (error, created.ids, jobs)
        }
    }

    @Test func aReadCancelledWhileItsJobRunsAbortsTheJobAtTheOrg() async throws {
        let (error, created, jobs) = try await Self.interruptedRead(cancel: .onceCreated)
        #expect(jobs.map(\.id) == created && jobs.map(\.state) == ["Aborted"], "\(jobs)")
        guard case .requestFailed(.cancelled) = error else {
            Issue.record("expected the read to end cancelled, got \(String(describing: error))")
            return
        }
    }

    @Test func aReadCancelledBeforeTheCreateIsAnsweredStillAbortsTheJobTheOrgMade() async throws {
        let (error, created, jobs) = try await Self.interruptedRead(cancel: .atOnce)
        #expect(created.count == 1, "the start is never cut off, so the job's id is known")
        #expect(jobs.map(\.id) == created && jobs.map(\.state) == ["Aborted"], "\(jobs)")
        #expect(error != nil)
    }

    @Test func aDescribeThatFailsAfterTheJobWasCreatedAbortsItAndIsThrownAsItCame() async throws {
        // The parents' describes are read in one Composite call, then each alone: both fail.
        let (error, created, jobs) = try await Self.interruptedRead(
            MockOrgRequestFault(method: "POST", pathPart: "/composite"),
            MockOrgRequestFault(method: "GET", pathPart: "/describe"))
        #expect(created.count == 1)
        #expect(jobs.map(\.id) == created && jobs.map(\.state) == ["Aborted"], "\(jobs)")
        guard case .requestFailed(.apiInvocationFailed(500, _, let errors, _)) = error else {
            Issue.record("expected the describe's failure, got \(String(describing: error))")
            return
        }
        #expect(errors.first?.errorCode == "UNKNOWN_EXCEPTION")
    }

    @Test func aPollThatFailsAbortsTheJobAndIsThrownAsItCame() async throws {
        let (error, created, jobs) = try await Self.interruptedRead(
            MockOrgRequestFault(method: "GET", pathPart: "/jobs/query/"))
        #expect(created.count == 1)
        #expect(jobs.map(\.id) == created && jobs.map(\.state) == ["Aborted"], "\(jobs)")
        guard case .requestFailed(.apiInvocationFailed(500, _, _, _)) = error else {
            Issue.record("expected the poll's failure, got \(String(describing: error))")
            return
        }
    }

    @Test func aJobThatFailedAtTheOrgIsLeftAsItEnded() async throws {
        var configuration = MockOrgConfiguration(contacts: 50)
        configuration.bulkFailure = "InternalServerError: the query could not be completed."
        try await LiveOrg.with(configuration) { org in
            // The org would refuse an abort of a job that ended: only the requests sent can tell.
            let transport = MethodCounting()
            let client = RestClient(
                configuration: RestClientConfiguration(
                    instanceURL: org.endpoint.url, accessToken: org.endpoint.accessToken),
                transport: transport)
            try await withCleanup {
                let created = JobIDs()
                let reader = BulkJobRecords(soql: Self.soql, bulk: BulkQuery(client: client))
                await #expect(throws: BulkQueryError.self) {
                    try await reader.readPages(created: { created.add($0) }) { _ in }
                }
                let id = try #require(created.ids.first)
                #expect(try await BulkQuery(client: org.client).job(id).state == .failed)
                #expect(transport.count(of: .PATCH) == 0, "no abort was sent")
            } cleanup: {
                await client.shutdown()
            }
        }
    }
}

/// The mock org over real HTTP, counting the requests of each method.
private final class MethodCounting: RestTransport {
    let inner = AsyncHTTPClientTransport()
    private let counts = Mutex<[RestMethod: Int]>([:])

    func count(of method: RestMethod) -> Int { counts.withLock { $0[method, default: 0] } }

    func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
        counts.withLock { $0[request.method, default: 0] += 1 }
        return try await inner.execute(request)
    }

    func shutdown() async { await inner.shutdown() }
}

/// The job ids `created` reported.
private final class JobIDs: Sendable {
    private let stored = Mutex<[String]>([])
    func add(_ id: String) { stored.withLock { $0.append(id) } }
    var ids: [String] { stored.withLock { $0 } }
}
