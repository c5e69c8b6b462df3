import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

@Suite struct QueryRouteTests {
    @Test func selectIdAndNameReturnsEveryContactInWireFormat() async throws {
        let org = TestOrg()
        let expectedNames = org.contacts.map { [$0.firstName, $0.lastName].compactMap { $0 }.joined(separator: " ") }
        try await org.test { client in
            let reply = try await client.query("SELECT Id, Name FROM Contact", headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json;charset=UTF-8")
            let body = try #require(reply.object)
            #expect(body["totalSize"] as? Int == 200)
            #expect(body["done"] as? Bool == true)
            #expect(body["nextRecordsUrl"] == nil)
            #expect(reply.records.count == 200)
            #expect(reply.records.compactMap { $0["Name"] as? String } == expectedNames)
            for record in reply.records {
                let id = try #require(record["Id"] as? String)
                #expect(id.count == 18 && id.hasPrefix("003"))
                #expect(String(id.suffix(3)) == expectedChecksum(String(id.prefix(15))))
                let attributes = try #require(record["attributes"] as? [String: Any])
                #expect(attributes["type"] as? String == "Contact")
                #expect(attributes["url"] as? String == "/services/data/v66.0/sobjects/Contact/" + id)
                #expect(Array(record.keys).sorted() == ["Id", "Name", "attributes"])
            }
        }
    }

    @Test func orderByNameSortsCaseInsensitivelyAndNestsTheAccount() async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await client.query(
                "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name",
                headers: org.authorization, path: "/services/data/v66.0/query/")
            #expect(reply.status == 200)
            let names = reply.records.compactMap { $0["Name"] as? String }
            #expect(names.count == 200)
            #expect(isSortedIgnoringCase(names))
            let expected = org.contacts.map { [$0.firstName, $0.lastName].compactMap { $0 }.joined(separator: " ") }
            #expect(names.sorted() == expected.sorted())
            var sawNull = false
            var sawAccount = false
            for record in reply.records {
                #expect(record.keys.contains("Title") && record.keys.contains("Email") && record.keys.contains("Phone"))
                if record["Account"] is NSNull {
                    sawNull = true
                } else {
                    let account = try #require(record["Account"] as? [String: Any])
                    #expect((account["attributes"] as? [String: Any])?["type"] as? String == "Account")
                    #expect(account["Name"] is String)
                    sawAccount = true
                }
            }
            #expect(sawNull && sawAccount)
        }
    }

    @Test func missingOrWrongTokenIsRefused() async throws {
        let org = TestOrg()
        try await org.test { client in
            for headers: HTTPFields in [[:], [.authorization: "Bearer nope"]] {
                let reply = try await client.query("SELECT Id FROM Contact", headers: headers)
                #expect(reply.status == 401)
                #expect(reply.error?.code == "INVALID_SESSION_ID")
                #expect(reply.error?.message == "Session expired or invalid")
            }
        }
    }

    @Test func deleteSucceedsOnceAndRefusesContactsWithCases() async throws {
        let org = TestOrg()
        let generator = SeedGenerator(seed: 1, contactCount: 200)
        let withCases = try #require((0..<200).first { generator.caseCount(forContact: $0) > 0 })
        let withoutCases = try #require((0..<200).first { generator.caseCount(forContact: $0) == 0 })
        try await org.test { client in
            let all = try await client.query("SELECT Id, Name FROM Contact", headers: org.authorization)
            let ids = all.records.compactMap { $0["Id"] as? String }
            let base = "/services/data/v66.0/sobjects/Contact/"

            let refused = try await client.delete(base + ids[withCases], headers: org.authorization)
            #expect(refused.status == 400)
            #expect(refused.error?.code == "DELETE_FAILED")
            #expect(refused.errorFields == [])
            let name = try #require(all.records[withCases]["Name"] as? String)
            #expect(
                refused.error?.message.hasPrefix(
                    "Your attempt to delete " + name
                        + " could not be completed because it is associated with the following cases.: ") == true)
            #expect(refused.error?.message.hasSuffix("\n") == true)

            let fetched = try await client.get(base + ids[withoutCases], headers: org.authorization)
            #expect(fetched.status == 200)
            #expect(fetched.object?["Id"] as? String == ids[withoutCases])

            let first = try await client.delete(base + ids[withoutCases], headers: org.authorization)
            #expect(first.status == 204)
            let second = try await client.delete(base + ids[withoutCases], headers: org.authorization)
            #expect(second.status == 404)
            #expect(second.error?.code == "ENTITY_IS_DELETED")
            #expect(second.error?.message == "entity is deleted")
            #expect(second.errorFields == [])
            // Errors that are not DML keep Salesforce's shape, without `fields`.
            let missing = try await client.delete(base + "003000000000000AAA", headers: org.authorization)
            #expect(missing.error?.code == "NOT_FOUND")
            #expect(missing.errorFields == nil)
            let badQuery = try await client.query("SELECT Nope FROM Contact", headers: org.authorization)
            #expect(badQuery.error?.code == "INVALID_FIELD")
            #expect(badQuery.errorFields == nil)

            let after = try await client.query("SELECT Id FROM Contact", headers: org.authorization)
            #expect(after.object?["totalSize"] as? Int == 199)
            #expect(!after.records.contains { $0["Id"] as? String == ids[withoutCases] })
        }
    }
}

/// Whether names are in non-decreasing order under a case-insensitive comparison.
func isSortedIgnoringCase(_ names: [String]) -> Bool {
    zip(names, names.dropFirst()).allSatisfy { $0.lowercased() <= $1.lowercased() }
}
