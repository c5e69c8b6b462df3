import MockOrg
import RestCore
import Synchronization
import TestSupport
import Testing

@testable import RecordOutput

/// What a job's start counts (`BulkJobRecords.start`): nothing when the count is known ahead (the
/// automatic switch's first page), the query's rows with the describes otherwise, and deleted rows
/// too when the job reads them (`queryAll`).
@Suite struct BulkStartCountTests {
    static let soql = "SELECT Id, Name FROM Contact ORDER BY Name"

    /// The records `start` expects, and what `start` sent (each request's path, query and body,
    /// percent-decoded), against an org of 200 contacts and `deleted` more in the Recycle Bin.
    static func start(
        operation: BulkQueryOperation, expectedRecords: Int?, deleted: Int = 0
    ) async throws -> (expected: Int?, sent: [String]) {
        let sent = Mutex<[String]>([])
        let recording = Atomic<Bool>(false)
        return try await LiveOrg.with(configure: { configuration, _ in
            configuration.onSuccess = { request, _ in
                guard recording.load(ordering: .relaxed) else { return }
                let text =
                    request.path + " " + request.queryItems.map { $0.name + "=" + $0.value }.joined(separator: "&")
                    + " " + String(decoding: request.body ?? [], as: UTF8.self)
                sent.withLock { $0.append(text.removingPercentEncoding ?? text) }
            }
        }) { org in
            let client = org.client
            for number in 0..<deleted {
                let created = try await client.send(
                    client.requestForCreate(
                        withObjectType: "Contact", fields: ["LastName": .string("Deleted \(number)")])
                ).asJSONValue()
                let id = try #require(created["id"]?.stringValue)
                _ = try await client.send(client.requestForDelete(withObjectType: "Contact", objectId: id))
            }
            let reader = BulkJobRecords(
                soql: soql, operation: operation, bulk: BulkQuery(client: client), expectedRecords: expectedRecords)
            recording.store(true, ordering: .relaxed)
            let started = try await reader.start()
            recording.store(false, ordering: .relaxed)
            _ = try? await reader.bulk.abort(started.job.id)
            return (started.expectedRecords, sent.withLock { $0 })
        }
    }

    @Test func aCountKnownAheadIsNotAskedForAgain() async throws {
        let (expected, sent) = try await Self.start(operation: .query, expectedRecords: 60_000)
        #expect(expected == 60_000)
        #expect(sent.count == 2, "the create and the describe: \(sent)")
        #expect(!sent.joined().contains("COUNT()"))
    }

    @Test func withoutOneTheRowsAreCountedWithTheDescribes() async throws {
        let (expected, sent) = try await Self.start(operation: .query, expectedRecords: nil, deleted: 3)
        #expect(expected == 200)
        #expect(sent.count == 2, "the create and one Composite: \(sent)")
        let composite = try #require(sent.first { $0.contains("/composite") })
        #expect(composite.contains("/query?q=SELECT COUNT() FROM Contact"))
    }

    @Test func aJobThatReadsDeletedRowsCountsThemToo() async throws {
        let (expected, sent) = try await Self.start(operation: .queryAll, expectedRecords: nil, deleted: 3)
        #expect(expected == 203)
        #expect(sent.joined().contains("/queryAll?q=SELECT COUNT() FROM Contact"))
    }
}
