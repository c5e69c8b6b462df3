import Foundation
import MockOrg
import RecordOutput
import RestCore
import SOQL
import Synchronization
import TestSupport
import Testing

/// A piece of results whose first read the org's edge refuses (503) is read again by the client's
/// retry of reads; the compound address rebuilt from its parts survives that, on both paths: the
/// first sync's records and `list --bulk`'s lines.
@Suite struct BulkRetriedPieceTests {
    static let soql = "SELECT Id, Name, MailingAddress FROM Contact ORDER BY Name"

    /// The mock org over real HTTP, but the first read of each piece of results answered 503
    /// `SERVER_UNAVAILABLE` before it reaches the org.
    final class FirstPieceReadUnavailable: RestTransport {
        let inner = AsyncHTTPClientTransport()
        private let refused = Mutex<Set<String>>([])

        var refusedCount: Int { refused.withLock { $0.count } }

        func execute(_ request: TransportRequest) async throws(RestClientError) -> TransportResponse {
            let isPiece = request.url.contains("/results") && !request.url.contains("/resultPages")
            if isPiece, refused.withLock({ $0.insert(request.url).inserted }) {
                return RestResponse(
                    status: 503, headers: [.contentType: "application/json"],
                    body: Array(#"[{"message":"Try again","errorCode":"SERVER_UNAVAILABLE"}]"#.utf8))
            }
            return try await inner.execute(request)
        }

        func shutdown() async { await inner.shutdown() }
    }

    /// A client of `org` over `transport`, retrying at once.
    static func client(of org: LiveOrg, over transport: some RestTransport) -> RestClient {
        let configuration = RestClientConfiguration(
            instanceURL: org.endpoint.url, accessToken: org.endpoint.accessToken,
            retryPolicy: RetryPolicy(random: { 0 }))
        return RestClient(configuration: configuration, transport: transport)
    }

    static func withoutAttributes(_ value: JSONValue) -> JSONValue {
        BulkJobRecordsTests.withoutAttributes(value)
    }

    @Test func anAddressSurvivesARetriedPieceAsRecordsAndAsLines() async throws {
        try await LiveOrg.with { org in
            let rest = try await org.client.send(org.client.request(forQuery: Self.soql)).decode(QueryResult.self)
                .records
            let transport = FirstPieceReadUnavailable()
            let client = Self.client(of: org, over: transport)
            try await withCleanup {
                let bulk = BulkQuery(client: client, maxRecords: 70)
                var pages: [QueryResult] = []
                try await BulkJobRecords(soql: Self.soql, bulk: bulk).readPages { pages.append($0) }
                #expect(transport.refusedCount == 3, "each of the three pieces was read twice")
                let records = pages.flatMap(\.records)
                #expect(records.map(Self.withoutAttributes) == rest.map(Self.withoutAttributes))
                let addresses = records.compactMap { $0["MailingAddress"]?.objectValue }
                #expect(addresses.count == rest.compactMap { $0["MailingAddress"]?.objectValue }.count)
                #expect(addresses.contains { $0["city"]?.stringValue != nil })

                // `list --bulk`'s path: the pieces converted as they arrive, TSV as REST's.
                let started = try await BulkJobRecords(soql: Self.soql, bulk: bulk).start()
                _ = try await bulk.waitUntilComplete(started.job.id)
                var stream = BulkCSVStream(
                    writer: RecordWriter(format: .tsv, selectList: started.selectList),
                    reading: started.plan.records)
                var lines: [UInt8] = []
                try await bulk.readResults(started.job.id) { csv, _ throws(BulkQueryError) in
                    do throws(CSVReader.Failure) {
                        try stream.append(csv[...], into: &lines)
                        try stream.endPiece(into: &lines)
                    } catch {
                        throw .unexpectedAnswer(error.description)
                    }
                }
                #expect(transport.refusedCount == 6)
                var writer = stream.writer
                writer.finish(into: &lines)
                var expected: [UInt8] = []
                var restWriter = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
                restWriter.write(rest, into: &expected)
                restWriter.finish(into: &expected)
                #expect(String(decoding: lines, as: UTF8.self) == String(decoding: expected, as: UTF8.self))
            } cleanup: {
                await client.shutdown()
            }
        }
    }
}
