import MockOrg
import RecordOutput
import RestCore
import Synchronization
import TestSupport
import Testing

/// `BulkJobRecords.start` while the describes (and the count read with them) are slow: the
/// caller's cancellation (`list`'s Ctrl-C) cuts the wait off once the org has the job, which is
/// aborted, instead of waiting for a count that may take as long as the org's query timeout.
@Suite struct BulkStartCancelTests {
    /// The mock org over real HTTP, but the describes and the Composite call that carries them
    /// and the count are held until the request is cancelled.
    final class SlowDescribes: RestTransport {
        let inner = AsyncHTTPClientTransport()

        func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
            if request.url.contains("/composite") || request.url.contains("/describe") {
                do {
                    try await Task.sleep(for: .seconds(600))
                } catch {
                    throw .cancelled
                }
            }
            return try await inner.execute(request)
        }

        func shutdown() async { await inner.shutdown() }
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheWaitForTheDescribesAbortsTheJob() async throws {
        var configuration = MockOrgConfiguration(contacts: 200)
        // The job still runs when the wait is cut off, so that it can be aborted.
        configuration.bulkDelay = .seconds(600)
        try await LiveOrg.with(configuration) { org in
            let client = RestClient(
                configuration: RestClientConfiguration(
                    instanceURL: org.endpoint.url, accessToken: org.endpoint.accessToken),
                transport: SlowDescribes())
            try await withCleanup {
                let created = Mutex<String?>(nil)
                let reader = BulkJobRecords(soql: "SELECT Id, Name FROM Contact", bulk: BulkQuery(client: client))
                let start = Task { try await reader.start { id in created.withLock { $0 = id } } }
                while created.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
                start.cancel()
                let error = await #expect(throws: BulkQueryError.self) { try await start.value }
                guard case .requestFailed(.cancelled)? = error else {
                    Issue.record("expected the cancellation, got \(String(describing: error))")
                    return
                }
                let id = try #require(created.withLock { $0 })
                #expect(try await BulkQuery(client: org.client).job(id).state == .aborted)
            } cleanup: {
                await client.shutdown()
            }
        }
    }
}
