import Foundation
import MockOrg
import RestCore
import Testing

/// queryAll, Get Deleted and Get Updated, and the conditional requests (412, 304), against the mock org.
@Suite struct RecycleBinRequestTests {
    static func firstIDs(_ client: RestClient, _ count: Int) async throws -> [String] {
        let page = try await client.send(
            client.request(
                forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT \(count)"))
        return try page.asJSONValue()["records"]?.arrayValue?.compactMap { $0["Id"]?.stringValue } ?? []
    }

    @Test func queryAllPagesDeletedRecordsAndReplicationListsThem() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 600)) { client, _ in
            let ids = try await Self.firstIDs(client, 250)
            for chunk in [Array(ids[..<200]), Array(ids[200...])] {
                _ = try await client.send(client.requestForCollectionDelete(withObjectIds: chunk, allOrNone: false))
            }
            var seen: [String] = []
            let first = client.request(forQueryAll: "SELECT Id FROM Contact WHERE IsDeleted = true", batchSize: 200)
            for try await page in client.pages(startingWith: first, as: QueryResult.self) {
                seen += page.records.compactMap { $0["Id"]?.stringValue }
            }
            #expect(Set(seen) == Set(ids) && seen.count == 250)

            let now = Date()
            let deleted = try await client.send(
                client.requestForDeleted(withObjectType: "Contact", start: now - 3600, end: now + 3600)
            ).asJSONValue()
            #expect(deleted["deletedRecords"]?.arrayValue?.count == 250)
            #expect(deleted["latestDateCovered"]?.stringValue != nil)

            let updated = try await client.send(
                client.requestForUpdated(withObjectType: "Contact", start: now - 3600, end: now + 3600)
            ).asJSONValue()
            #expect(updated["ids"]?.arrayValue != nil)

            do throws(RestClientError) {
                _ = try await client.send(
                    client.requestForUpdated(withObjectType: "Contact", start: now - 40 * 86_400, end: now))
                Issue.record("a window of 40 days was answered")
            } catch {
                #expect(error.salesforceErrors.first?.errorCode == "INVALID_REPLICATION_DATE")
            }
        }
    }

    @Test func conditionalRequestsAnswer412And304() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 20)) { client, _ in
            let id = try #require(try await Self.firstIDs(client, 1).first)
            _ = try await client.send(
                client.requestForUpdate(withObjectType: "Contact", objectId: id, fields: ["Title": .string("New")]))
            do throws(RestClientError) {
                _ = try await client.send(
                    client.requestForUpdate(
                        withObjectType: "Contact", objectId: id, fields: ["Title": .string("Stale")],
                        ifUnmodifiedSince: Date() - 3600))
                Issue.record("a stale write was accepted")
            } catch {
                #expect(error.condition == .preconditionFailed)
            }
            do throws(RestClientError) {
                _ = try await client.send(
                    client.requestForRetrieve(
                        withObjectType: "Contact", objectId: id, fieldList: "Title", ifModifiedSince: Date() + 5))
                Issue.record("an unchanged record was sent")
            } catch {
                #expect(error.condition == .notModified)
            }
            let fresh = try await client.send(
                client.requestForUpdate(
                    withObjectType: "Contact", objectId: id, fields: ["Title": .string("Newer")],
                    ifUnmodifiedSince: Date() + 5))
            #expect(fresh.status == 204)
        }
    }

    @Test func httpDatesAreGMT() {
        #expect(HTTPDate.string(from: Date(timeIntervalSince1970: 784_111_777.6)) == "Sun, 06 Nov 1994 08:49:37 GMT")
        let client = RestClient(
            configuration: RestClientConfiguration(instanceURL: URL(string: "https://x.example.com")!, accessToken: "t")
        )
        let request = client.requestForUpdate(
            withObjectType: "Contact", objectId: "003A", fields: [:], ifUnmodifiedSince: Date(timeIntervalSince1970: 0))
        #expect(request.headers[.ifUnmodifiedSince] == "Thu, 01 Jan 1970 00:00:00 GMT")
    }
}
