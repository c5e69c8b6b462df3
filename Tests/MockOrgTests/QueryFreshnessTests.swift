import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Query results are built from kept text, kept row lists and text columns; every write must show
/// in the next page, whichever of them it touches.
@Suite struct QueryFreshnessTests {
    static let base = "/services/data/v66.0"

    static func query(
        _ soql: String, _ client: some TestClientProtocol, _ org: TestOrg, all: Bool = false,
        batchSize: Int? = nil
    ) async throws -> JSONReply {
        var headers = org.authorization
        if let batchSize { headers[HTTPField.Name("Sforce-Query-Options")!] = "batchSize=\(batchSize)" }
        return try await client.get(
            base + (all ? "/queryAll" : "/query") + "?q=" + encodedQuery(soql), headers: headers)
    }

    @Test func anUpdateShowsOnTheNextQueryAndOnAnOpenCursor() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 450))
        try await org.test { client in
            let first = try await Self.query("SELECT Id, Email FROM Contact", client, org, batchSize: 200)
            let later = try #require(first.object?["nextRecordsUrl"] as? String)
            // Row 300 is on the second page; its text is kept once the page below is served.
            let id = SalesforceID.make(keyPrefix: "003", serial: 301)
            let before = try await client.get(later, headers: org.authorization)
            #expect(before.records.contains { $0["Id"] as? String == id })
            let patched = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization,
                body: #"{"Email": "fresh@example.com"}"#)
            #expect(patched.status == 204)
            let again = try await client.get(later, headers: org.authorization)
            #expect(again.records.first { $0["Id"] as? String == id }?["Email"] as? String == "fresh@example.com")
            let direct = try await Self.query("SELECT Email FROM Contact WHERE Id = '\(id)'", client, org)
            #expect(direct.records.first?["Email"] as? String == "fresh@example.com")
        }
    }

    @Test func renamingAnAccountShowsInItsContactsPages() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 60))
        try await org.test { client in
            let soql = "SELECT Id, Account.Name, AccountId FROM Contact WHERE AccountId != null LIMIT 1"
            let record = try #require(try await Self.query(soql, client, org).records.first)
            let accountID = try #require(record["AccountId"] as? String)
            let renamed = try await client.send(
                .patch, Self.base + "/sobjects/Account/" + accountID, headers: org.authorization,
                body: #"{"Name": "Renamed Holdings"}"#)
            #expect(renamed.status == 204)
            let after = try #require(try await Self.query(soql, client, org).records.first)
            #expect((after["Account"] as? [String: Any])?["Name"] as? String == "Renamed Holdings")
        }
    }

    @Test func aDeleteLeavesEveryKindOfQueryAtOnce() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 80))
        let seed = SeedData(seed: org.configuration.seed, contacts: 80)
        let withCases = Set(seed.cases.compactMap(\.contactName))
        let victim = try #require(seed.contacts.first { !withCases.contains($0.name) })
        try await org.test { client in
            // Kept before the delete: the unfiltered row list, a LIMIT page, IsDeleted in queryAll.
            let whole = try await Self.query("SELECT Id FROM Contact", client, org)
            let limited = try await Self.query("SELECT Id FROM Contact LIMIT 80", client, org)
            let flagged = "SELECT Id, IsDeleted FROM Contact WHERE Id = '\(victim.id)'"
            #expect(try await Self.query(flagged, client, org, all: true).records.first?["IsDeleted"] as? Bool == false)
            #expect(whole.object?["totalSize"] as? Int == 80 && limited.records.count == 80)

            #expect(
                try await client.delete(Self.base + "/sobjects/Contact/" + victim.id, headers: org.authorization)
                    .status == 204)

            let wholeAfter = try await Self.query("SELECT Id FROM Contact", client, org)
            #expect(wholeAfter.object?["totalSize"] as? Int == 79)
            #expect(!wholeAfter.records.contains { $0["Id"] as? String == victim.id })
            let limitedAfter = try await Self.query("SELECT Id FROM Contact LIMIT 80", client, org)
            #expect(limitedAfter.records.count == 79)
            #expect(try await Self.query(flagged, client, org, all: true).records.first?["IsDeleted"] as? Bool == true)
            let counted = try await Self.query("SELECT COUNT() FROM Contact", client, org)
            #expect(counted.object?["totalSize"] as? Int == 79)
        }
    }

    @Test(arguments: [0, 1, 7])
    func limitKeepsExactlyThatManyRows(_ limit: Int) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 20))
        try await org.test { client in
            for soql in [
                "SELECT Id FROM Contact LIMIT \(limit)", "SELECT Id FROM Contact WHERE Name != null LIMIT \(limit)",
                "SELECT Id FROM Contact ORDER BY Name LIMIT \(limit)", "SELECT COUNT() FROM Contact LIMIT \(limit)",
            ] {
                let reply = try await Self.query(soql, client, org)
                #expect(reply.object?["totalSize"] as? Int == limit, "\(soql)")
                #expect(reply.records.count == (soql.contains("COUNT()") ? 0 : limit), "\(soql)")
            }
        }
    }

    @Test func likeFindsTextWrittenAfterItsColumnWasBuilt() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 40))
        try await org.test { client in
            let soql = "SELECT Id FROM Contact WHERE LastName LIKE '%zyzzyva%'"
            #expect(try await Self.query(soql, client, org).object?["totalSize"] as? Int == 0)
            let id = SalesforceID.make(keyPrefix: "003", serial: 7)
            _ = try await client.send(
                .patch, Self.base + "/sobjects/Contact/" + id, headers: org.authorization,
                body: #"{"LastName": "Zyzzyva"}"#)
            let created = try await client.send(
                .post, Self.base + "/sobjects/Contact", headers: org.authorization, body: #"{"LastName": "ZYZZYVA II"}"#
            )
            #expect(created.status == 201)
            let found = try await Self.query(soql, client, org)
            #expect(found.object?["totalSize"] as? Int == 2)
            #expect(found.records.first?["Id"] as? String == id)
        }
    }
}
