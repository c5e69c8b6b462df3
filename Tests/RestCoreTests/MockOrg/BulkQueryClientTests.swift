import Foundation
import MockOrg
import Synchronization
import Testing

@testable import RestCore

/// `BulkQuery` against the mock org: a job created, polled to its end, and its results read in
/// order, through `resultPages` or piece by piece; refusals, failures and aborts as values.
@Suite struct BulkQueryClientTests {
    static let soql = "SELECT Id, Name FROM Contact ORDER BY Name"

    /// The first column of every data row of every piece, in the order the pieces came.
    private static func ids(of pieces: [[UInt8]]) -> [String] {
        pieces.flatMap { piece in
            String(decoding: piece, as: UTF8.self).split(separator: "\n").dropFirst().map {
                String($0.split(separator: ",")[0].dropFirst().dropLast())
            }
        }
    }

    private static func restIDs(_ client: RestClient) async throws -> [String] {
        let page = try await client.send(client.request(forQuery: soql)).decode(QueryResult.self)
        return page.records.compactMap { $0["Id"]?.stringValue }
    }

    @Test func resultPagesReadsSeveralPiecesAtOnceAndHandsThemOverInOrder() async throws {
        try await withMockOrg { client, _ in
            let bulk = BulkQuery(client: client, maxRecords: 30)
            let job = try await bulk.create(Self.soql)
            #expect(job.state == .uploadComplete)
            let done = try await bulk.waitUntilComplete(job.id)
            #expect(done.state == .jobComplete)
            #expect(done.numberRecordsProcessed == 200)
            var pieces: [[UInt8]] = []
            var counted = 0
            try await bulk.readResults(job.id) { csv, records in
                pieces.append(csv)
                counted += records
            }
            #expect(pieces.count == 7)
            #expect(counted == 200)
            #expect(Self.ids(of: pieces) == (try await Self.restIDs(client)))
        }
    }

    /// A job's results read as one stream: the pieces as `endPiece` closed them, and their counts.
    private static func streamed(
        _ bulk: BulkQuery, _ jobID: String, records: Int
    ) async throws -> (pieces: [[UInt8]], counts: [Int], chunks: Int) {
        var pieces: [[UInt8]] = []
        var counts: [Int] = []
        var piece: [UInt8] = []
        var chunks = 0
        try await bulk.streamResults(jobID, records: records) { chunk in
            piece += chunk
            chunks += 1
        } endPiece: { count in
            pieces.append(piece)
            counts.append(count)
            piece = []
        }
        return (pieces, counts, chunks)
    }

    @Test func streamedResultsAreOneCallForAllOfTheJobsRecords() async throws {
        let sent = Mutex<[String]>([])
        try await withMockOrg(
            MockOrgConfiguration(contacts: 20_000),
            configure: { configuration, _ in
                configuration.onSuccess = { request, _ in
                    sent.withLock { $0.append(RestClient.target(of: request)) }
                }
            }
        ) { client, _ in
            let bulk = BulkQuery(client: client)
            let job = try await bulk.create(Self.soql)
            let done = try await bulk.waitUntilComplete(job.id)
            sent.withLock { $0.removeAll() }
            let read = try await Self.streamed(bulk, job.id, records: done.numberRecordsProcessed)
            #expect(read.counts == [20_000])
            #expect(read.chunks > 1, "the body came in one chunk")
            #expect(
                sent.withLock { $0 } == [
                    "/services/data/v66.0/jobs/query/" + job.id + "/results?maxRecords=20000"
                ])
            var rest = client.request(forQuery: Self.soql)
            var ids: [String] = []
            while true {
                let page = try await client.send(rest).decode(QueryResult.self)
                ids += page.records.compactMap { $0["Id"]?.stringValue }
                guard let next = page.nextRecordsUrl else { break }
                rest = RestRequest(method: .GET, path: next)
            }
            #expect(Self.ids(of: read.pieces) == ids)
        }
    }

    @Test func streamedResultsFollowThePiecesTheOrgCuts() async throws {
        try await withMockOrg { client, _ in
            let bulk = BulkQuery(client: client, maxRecords: 70)
            let job = try await bulk.create(Self.soql)
            let done = try await bulk.waitUntilComplete(job.id)
            let read = try await Self.streamed(bulk, job.id, records: done.numberRecordsProcessed)
            #expect(read.counts == [70, 70, 60])
            #expect(Self.ids(of: read.pieces) == (try await Self.restIDs(client)))
        }
    }

    @Test func beforeAPI58ThePiecesAreFollowedByTheirLocators() async throws {
        try await withMockOrg(configure: { configuration, _ in configuration.apiVersion = "57.0" }) { client, _ in
            let bulk = BulkQuery(client: client, maxRecords: 70)
            let job = try await bulk.create(Self.soql)
            _ = try await bulk.waitUntilComplete(job.id)
            var pieces: [[UInt8]] = []
            try await bulk.readResults(job.id) { csv, _ in pieces.append(csv) }
            #expect(pieces.count == 3)
            #expect(Self.ids(of: pieces) == (try await Self.restIDs(client)))
        }
    }

    @Test func aQueryBulkCannotRunIsRefusedAsUnsupported() async throws {
        try await withMockOrg { client, _ in
            let error = await #expect(throws: BulkQueryError.self) {
                try await BulkQuery(client: client).create("SELECT COUNT() FROM Contact")
            }
            guard case .unsupportedQuery(let underlying)? = error else {
                Issue.record("expected unsupportedQuery, got \(String(describing: error))")
                return
            }
            #expect(underlying.httpStatus == 400)
            #expect(error?.description.hasPrefix("Bulk API 2.0 cannot run this query: ") == true)
        }
    }

    @Test func aFailedJobIsThrownWithItsMessage() async throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkFailure = "QUERY_TIMEOUT: Your query request was running for too long."
        try await withMockOrg(configuration) { client, _ in
            let bulk = BulkQuery(client: client)
            let job = try await bulk.create("SELECT Id FROM Contact")
            let error = await #expect(throws: BulkQueryError.self) { try await bulk.waitUntilComplete(job.id) }
            guard case .jobFailed(let id, let message)? = error else {
                Issue.record("expected jobFailed, got \(String(describing: error))")
                return
            }
            #expect(id == job.id)
            #expect(message == configuration.bulkFailure)
        }
    }

    @Test func anAbortedJobEndsThePolling() async throws {
        var configuration = MockOrgConfiguration(contacts: 20)
        configuration.bulkDelay = .seconds(600)
        try await withMockOrg(configuration) { client, _ in
            let bulk = BulkQuery(client: client, firstPoll: .milliseconds(10), longestPoll: .milliseconds(20))
            let job = try await bulk.create("SELECT Id FROM Contact", operation: .queryAll)
            #expect(job.operation == "queryAll")
            let aborted = try await bulk.abort(job.id)
            #expect(aborted.state == .aborted)
            let error = await #expect(throws: BulkQueryError.self) { try await bulk.waitUntilComplete(job.id) }
            guard case .jobAborted(let id)? = error else {
                Issue.record("expected jobAborted, got \(String(describing: error))")
                return
            }
            #expect(id == job.id)
        }
    }
}
