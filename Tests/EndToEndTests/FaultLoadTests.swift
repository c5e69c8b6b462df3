import Foundation
import MockOrg
import RestCore
import Testing

/// The mock org under many concurrent clients on loopback for a bounded number of operations:
/// no error that was not asked for, and no record lost or duplicated.
@Suite("Faults: the mock org under concurrent load")
struct FaultLoadTests {
    static let seeded = 500

    @Test("32 concurrent clients create, read, update and delete; the counts add up after")
    func concurrentWrites() async throws {
        try await SecurityMockOrgTests.withOrg(contacts: Self.seeded) { client, _ in
            let workers = 32
            let operationsPerWorker = 12
            // Each worker creates records, updates them, deletes every other one, and reads pages.
            let survivors = try await withThrowingTaskGroup(of: [String].self) { group in
                for worker in 0..<workers {
                    group.addTask {
                        var kept: [String] = []
                        for operation in 0..<operationsPerWorker {
                            let created = try await client.send(
                                client.requestForCreate(
                                    withObjectType: "Contact",
                                    fields: ["LastName": .string("Load \(worker)-\(operation)")]))
                            let id = try #require(try created.asJSONValue()["id"]?.stringValue)
                            _ = try await client.send(
                                client.requestForUpdate(
                                    withObjectType: "Contact", objectId: id,
                                    fields: ["Title": .string("Worker \(worker)")]))
                            if operation % 2 == 0 {
                                let deleted = try await client.send(
                                    client.requestForDelete(withObjectType: "Contact", objectId: id))
                                #expect(deleted.status == 204)
                            } else {
                                kept.append(id)
                            }
                            _ = try await client.send(
                                client.request(forQuery: "SELECT Id, Name FROM Contact ORDER BY Name", batchSize: 200))
                        }
                        return kept
                    }
                }
                var all: [String] = []
                for try await kept in group { all += kept }
                return all
            }
            #expect(Set(survivors).count == survivors.count, "an id was issued twice")
            #expect(survivors.count == workers * operationsPerWorker / 2)

            var seen: [String] = []
            for try await record in client.records(forQuery: "SELECT Id FROM Contact", batchSize: 200) {
                seen.append(try #require(record["Id"]?.stringValue))
            }
            #expect(Set(seen).count == seen.count, "a record was listed twice")
            #expect(seen.count == Self.seeded + survivors.count)
            #expect(Set(survivors).isSubset(of: Set(seen)), "a created record was lost")
            let titled = try await client.send(
                client.request(forQuery: "SELECT COUNT() FROM Contact WHERE Title LIKE 'Worker %'")
            ).decode(QueryResult.self)
            #expect(titled.totalSize == survivors.count)
        }
    }

    @Test("two clients deleting the same records: exactly one 204 and one ENTITY_IS_DELETED each")
    func racingDeletes() async throws {
        try await SecurityMockOrgTests.withOrg(contacts: 10) { client, _ in
            var ids: [String] = []
            for index in 0..<20 {
                let created = try await client.send(
                    client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("Race \(index)")]))
                ids.append(try #require(try created.asJSONValue()["id"]?.stringValue))
            }
            let outcomes = await withTaskGroup(of: (String, String).self) { group in
                for id in ids {
                    for _ in 0..<2 {
                        group.addTask {
                            do throws(RestClientError) {
                                let response = try await client.send(
                                    client.requestForDelete(withObjectType: "Contact", objectId: id))
                                return (id, "\(response.status)")
                            } catch {
                                return (id, error.salesforceErrors.first?.errorCode ?? error.description)
                            }
                        }
                    }
                }
                var all: [(String, String)] = []
                for await outcome in group { all.append(outcome) }
                return all
            }
            for id in ids {
                let results = outcomes.filter { $0.0 == id }.map(\.1).sorted()
                #expect(results == ["204", "ENTITY_IS_DELETED"], "\(id): \(results)")
            }
        }
    }
}
