import Foundation
import MockOrg
import Testing

@testable import RestCore

/// The collection factories against a live mock org: one request deletes, creates and updates many
/// records, each result decodes, and more than 200 records never leave the client.
@Suite struct CollectionRequestTests {
    @Test func deleteCreateAndUpdateThroughTheClient() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 50)) { client, _ in
            let page = try await client.send(
                client.request(forQuery: "SELECT Id FROM Contact WHERE Id NOT IN (SELECT ContactId FROM Case) LIMIT 2"))
            let ids = try page.decode(QueryResult.self).records.compactMap { $0["Id"]?.stringValue }
            #expect(ids.count == 2)

            let created = try await client.send(
                client.requestForCollectionCreate(withRecords: [
                    (objectType: "Contact", fields: ["LastName": .string("Bulk")]),
                    (objectType: "Contact", fields: ["Email": .string("x@example.com")]),
                ])
            ).decode([CollectionResult].self)
            #expect(created.map(\.success) == [true, false])
            #expect(created[1].errors.first?.statusCode == "REQUIRED_FIELD_MISSING")
            #expect(created[1].errors.first?.fields == ["LastName"])
            let newId = try #require(created[0].id)

            let updated = try await client.send(
                client.requestForCollectionUpdate(withRecords: [
                    (objectType: "Contact", objectId: newId, fields: ["Title": .string("Lead")])
                ])
            ).decode([CollectionResult].self)
            #expect(updated == [CollectionResult(id: newId, success: true)])

            let deleted = try await client.send(
                client.requestForCollectionDelete(withObjectIds: ids + [newId, ids[0]], allOrNone: false)
            ).decode([CollectionResult].self)
            #expect(deleted.map(\.id) == ids + [newId, ids[0]])
            #expect(deleted.map(\.success) == [true, true, true, false])
            #expect(deleted[3].isAlreadyDeleted)

            let rolledBack = try await client.send(
                client.requestForCollectionDelete(withObjectIds: [ids[1]], allOrNone: true)
            ).decode([CollectionResult].self)
            #expect(rolledBack.first?.isAlreadyDeleted == true)
        }
    }

    @Test func theRequestShapeAndItsLimit() async throws {
        let client = makeClient(InMemoryTransport())
        let request = client.requestForCollectionDelete(withObjectIds: ["003A", "003B"], allOrNone: false)
        #expect(request.method == .DELETE)
        #expect(request.path.hasSuffix("/composite/sobjects"))
        #expect(request.queryItems.map(\.name) == ["ids", "allOrNone"])
        #expect(request.queryItems.map(\.value) == ["003A,003B", "false"])
        #expect(request.invalidReason == nil)

        let create = client.requestForCollectionCreate(
            withRecords: [(objectType: "Contact", fields: ["LastName": .string("A")])], allOrNone: true)
        #expect(create.method == .POST)
        #expect(
            String(decoding: create.body ?? [], as: UTF8.self)
                == #"{"allOrNone":true,"records":[{"LastName":"A","attributes":{"type":"Contact"}}]}"#)

        let ids = (0..<450).map { "003" + String($0) }
        #expect(client.requestForCollectionDelete(withObjectIds: ids).invalidReason != nil)
        #expect(client.requestForCollectionDelete(withObjectIds: []).invalidReason != nil)
        let chunks = RestClient.collectionChunks(of: ids)
        #expect(chunks.map(\.count) == [200, 200, 50])
        #expect(chunks.flatMap { $0 } == ids)
        await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForCollectionDelete(withObjectIds: ids))
        }
    }
}
