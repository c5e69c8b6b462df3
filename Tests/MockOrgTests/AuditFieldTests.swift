import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Users, owners and the audit fields every record carries, stamped by the org on every write.
@Suite struct AuditFieldTests {
    static let base = "/services/data/v66.0"
    static let user = MockOrgConfiguration.orgUserID

    @Test func theSeedHasUsersAndEveryRecordAnOwner() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 400))
        try await org.test { client in
            let users = try await client.query(
                "SELECT Id, Name, Username, Email, IsActive FROM User ORDER BY Id", headers: org.authorization)
            #expect(users.records.count == SeedGenerator.users.count)
            #expect(users.records.first?["Id"] as? String == Self.user)
            #expect(users.records.first?["Username"] as? String == "demo@example.com")
            #expect(users.records.contains { $0["IsActive"] as? Bool == false })

            let contacts = try await client.query(
                "SELECT Id, OwnerId, Owner.Name, CreatedById, LastModifiedBy.Name, LastModifiedDate FROM Contact",
                headers: org.authorization)
            #expect(contacts.records.count == 400)
            let mine = contacts.records.filter { $0["OwnerId"] as? String == Self.user }.count
            // About a fifth: the org's user owns some, colleagues the rest.
            #expect(mine > 40 && mine < 130)
            #expect(contacts.records.allSatisfy { ($0["CreatedById"] as? String)?.hasPrefix("005") == true })
            let editor = contacts.records.first?["LastModifiedBy"] as? [String: Any]
            #expect(SeedGenerator.users.map(\.name).contains(editor?["Name"] as? String ?? ""))
            #expect((contacts.records.first?["Owner"] as? [String: Any])?["Name"] is String)

            let filtered = try await client.query(
                "SELECT Id FROM Case WHERE Owner.Name = 'Demo User' AND CreatedDate < TODAY", headers: org.authorization
            )
            #expect(filtered.status == 200)
            #expect(!filtered.records.isEmpty)
        }
    }

    @Test func recentEditsFallInTheWeekBeforeTheSeedsInstant() {
        var generator = SeedGenerator(seed: 5, contactCount: 2000)
        generator.recentEditsBefore = 1_800_000_000_000
        let week: Int64 = 7 * 86_400_000
        let dates = (0..<2000).map { generator.makeContact(index: $0).lastModifiedDate }
        let recent = dates.filter { $0 >= generator.recentEditsBefore - week }
        #expect(recent.count > 80 && recent.count < 300)
        #expect(dates.allSatisfy { $0 <= generator.recentEditsBefore })
        // The same seed gives the same records.
        #expect(dates == (0..<2000).map { generator.makeContact(index: $0).lastModifiedDate })
    }

    /// An org restarted with the same seed, later, gives every record the dates it had before (a
    /// client's copy from before the restart is not "changed in the org"), all before the first
    /// start; a change made while it runs takes the clock's time.
    @Test func aRestartWithTheSameSeedKeepsEveryDate() async throws {
        let firstStart = Date(timeIntervalSince1970: 1_790_000_000)
        func org(startingAt start: Date) -> TestOrg {
            var configuration = MockOrgConfiguration(contacts: 300, seed: 9)
            configuration.clock = { start }
            return TestOrg(configuration)
        }
        let soql = "SELECT Id, CreatedDate, LastModifiedDate, SystemModstamp FROM Contact ORDER BY Id"
        func dates(_ org: TestOrg) async throws -> [[String]] {
            try await org.test { client in
                let reply = try await client.query(soql, headers: org.authorization)
                return reply.records.map { record in
                    ["Id", "CreatedDate", "LastModifiedDate", "SystemModstamp"].map { record[$0] as? String ?? "" }
                }
            }
        }
        let before = try await dates(org(startingAt: firstStart))
        let restarted = org(startingAt: firstStart + 3 * 86_400)
        let after = try await dates(restarted)
        #expect(before.count == 300)
        #expect(after == before)
        // Every seeded date comes before the first start (the text of a UTC instant sorts as its time).
        let firstStartText = "2026-09-21T"
        #expect(
            before.allSatisfy { $0[2] < firstStartText && $0[3] < firstStartText },
            "\(before.map { $0[2] }.max() ?? "")")

        // A change made while the org runs is stamped with its clock, after every seeded date.
        let id = try #require(after.first?[0])
        try await restarted.test { client in
            let patched = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: restarted.authorization,
                body: #"{"Title":"Restarted"}"#)
            #expect(patched.status == 204)
            let read = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: restarted.authorization)
            #expect((read.object?["LastModifiedDate"] as? String)?.hasPrefix("2026-09-24T") == true)
            #expect((read.object?["SystemModstamp"] as? String)?.hasPrefix("2026-09-24T") == true)
        }
    }

    @Test func writesAreStampedByTheOrgsUser() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 50))
        try await org.test { client in
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: #"{"LastName": "Audit"}"#)
            let id = try #require(created.object?["id"] as? String)
            let fresh = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            for field in ["OwnerId", "CreatedById", "LastModifiedById"] {
                #expect(fresh.object?[field] as? String == Self.user, "\(field)")
            }
            #expect(fresh.object?["CreatedDate"] as? String == fresh.object?["LastModifiedDate"] as? String)

            // A seeded record someone else changed last: an update makes the org's user its last editor.
            let seeded = try await client.query(
                "SELECT Id, LastModifiedDate FROM Contact WHERE LastModifiedById != '\(Self.user)' LIMIT 1",
                headers: org.authorization)
            let other = try #require(seeded.records.first?["Id"] as? String)
            let before = try #require(seeded.records.first?["LastModifiedDate"] as? String)
            let patched = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + other, headers: org.authorization, body: #"{"Title": "X"}"#)
            #expect(patched.status == 204)
            let after = try await client.get(Self.base + "/sobjects/Contact/" + other, headers: org.authorization)
            #expect(after.object?["LastModifiedById"] as? String == Self.user)
            #expect(after.object?["LastModifiedDate"] as? String != before)
            #expect(after.object?["SystemModstamp"] as? String == after.object?["LastModifiedDate"] as? String)

            // Ownership moves to a colleague; collections stamp the same way.
            let colleague = SalesforceID.make(keyPrefix: "005", serial: 3)
            let updated = try await client.send(
                .patch, Self.base + "/composite/sobjects", headers: org.authorization,
                body:
                    #"{"allOrNone":true,"records":[{"attributes":{"type":"Contact"},"id":"\#(id)","OwnerId":"\#(colleague)"}]}"#
            )
            #expect(updated.status == 200)
            let moved = try await client.get(Self.base + "/sobjects/Contact/" + id, headers: org.authorization)
            #expect(moved.object?["OwnerId"] as? String == colleague)
        }
    }

    @Test(arguments: ["CreatedDate", "CreatedById", "LastModifiedDate", "LastModifiedById", "SystemModstamp"])
    func auditFieldsAreNotWritable(field: String) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let id = SalesforceID.make(keyPrefix: "003", serial: 1)
        try await org.test { client in
            for (method, uri) in [
                (HTTPRequest.Method.post, Self.base + "/sobjects/Contact"),
                (.patch, Self.base + "/sobjects/Contact/" + id),
            ] {
                let reply = try await client.send(
                    method, uri, headers: org.authorization, body: #"{"LastName":"A","\#(field)":"x"}"#)
                #expect(reply.status == 400)
                #expect(reply.error?.code == "INVALID_FIELD_FOR_INSERT_UPDATE")
                #expect(reply.errorFields == [field])
            }
        }
    }

    @Test func describeShowsTheAuditFieldsAndUsersAreReadOnly() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        try await org.test { client in
            let describe = try await client.get(Self.base + "/sobjects/Account/describe", headers: org.authorization)
            let fields = try #require(describe.object?["fields"] as? [[String: Any]])
            let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0["name"] as! String, $0) })
            #expect(byName["OwnerId"]?["referenceTo"] as? [String] == ["User"])
            #expect(byName["OwnerId"]?["updateable"] as? Bool == true)
            #expect(byName["LastModifiedById"]?["relationshipName"] as? String == "LastModifiedBy")
            #expect(byName["CreatedById"]?["createable"] as? Bool == false)

            let user = try await client.send(
                .post, Self.base + "/sobjects/User", headers: org.authorization, body: #"{}"#)
            #expect(user.status == 400)
            #expect(user.error?.code == "INVALID_TYPE_FOR_OPERATION")
            let delete = try await client.delete(Self.base + "/sobjects/User/" + Self.user, headers: org.authorization)
            #expect(delete.error?.code == "INVALID_TYPE_FOR_OPERATION")
        }
    }
}
