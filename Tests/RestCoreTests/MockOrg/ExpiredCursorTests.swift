import Foundation
import MockOrg
import Testing

@testable import RestCore

/// A query cursor the org let expire (`--cursor-ttl`): the next page fails with
/// `INVALID_QUERY_LOCATOR`, is not retried as a transient failure, and says so in one sentence.
@Suite struct ExpiredCursorTests {
    @Test func aNextPageAfterTheCursorExpiredIsRefusedOnceAndNamed() async throws {
        let configuration = MockOrgConfiguration(contacts: 450, cursorTTL: .milliseconds(200))
        try await withMockOrg(configuration) { client, _ in
            let first = try await client.send(client.request(forQuery: "SELECT Id FROM Contact", batchSize: 200))
                .decode(QueryResult.self)
            let next = try #require(first.nextRecordsUrl)
            // Well past the cursor's lifetime (and the org's once-a-second sweep).
            try await Task.sleep(for: .milliseconds(1500))
            let usedBefore = client.apiUsage?.used ?? 0
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.request(forNextRecordsURL: next))
            }
            #expect(error?.isExpiredQueryCursor == true)
            #expect(error?.httpStatus == 400)
            #expect(
                error?.description == "The org's query cursor expired (INVALID_QUERY_LOCATOR: invalid query locator).")
            // One request: an expired cursor is not a transient failure worth sending again.
            #expect(client.apiUsage?.used == usedBefore + 1)
            // The query itself runs again from its first page.
            let again = try await client.send(client.request(forQuery: "SELECT Id FROM Contact", batchSize: 200))
                .decode(QueryResult.self)
            #expect(again.records.count == 200)
        }
    }

    @Test func otherErrorsAreNotExpiredCursors() {
        #expect(!RestClientError.timedOut.isExpiredQueryCursor)
        let refused = RestClientError.apiInvocationFailed(
            status: 400, headers: [:], errors: [SalesforceError(message: "bad", errorCode: "MALFORMED_QUERY")],
            rawBody: nil)
        #expect(!refused.isExpiredQueryCursor)
    }
}
