import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Contact's duplicate rule: same first name, last name and email as a live Contact is refused.
@Suite struct DuplicateRuleTests {
    static let base = "/services/data/v66.0/sobjects/Contact"
    static let ada = #"{"FirstName":"Ada","LastName":"Lovelace","Email":"ada@example.com"}"#

    @Test func aDuplicateIsRefusedOnCreateAndOnUpdate() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 20))
        try await org.test { client in
            let first = try await client.send(.post, Self.base, headers: org.authorization, body: Self.ada)
            let id = try #require(first.object?["id"] as? String)
            let again = try await client.send(
                .post, Self.base, headers: org.authorization,
                body: #"{"FirstName":"ADA","LastName":"Lovelace","Email":"Ada@Example.com"}"#)
            #expect(again.status == 400)
            #expect(again.error?.code == "DUPLICATES_DETECTED")
            let result = try #require((again.json as? [[String: Any]])?.first?["duplicateResult"] as? [String: Any])
            #expect(result["allowSave"] as? Bool == false)
            let match = (result["matchResults"] as? [[String: Any]])?.first
            let records = match?["matchRecords"] as? [[String: Any]]
            #expect((records?.first?["record"] as? [String: Any])?["Id"] as? String == id)

            // Another contact made into Ada by an update is refused too; a different email is not a duplicate.
            let other = try await client.send(
                .post, Self.base, headers: org.authorization,
                body: #"{"FirstName":"Ada","LastName":"Lovelace","Email":"ada@elsewhere.org"}"#)
            let otherID = try #require(other.object?["id"] as? String)
            let patch = try await client.send(
                .patch, Self.base + "/" + otherID, headers: org.authorization, body: #"{"Email":"ada@example.com"}"#)
            #expect(patch.error?.code == "DUPLICATES_DETECTED")
            // Updating Ada herself is not a duplicate of herself.
            let own = try await client.send(
                .patch, Self.base + "/" + id, headers: org.authorization, body: #"{"Title":"Countess"}"#)
            #expect(own.status == 204)

            // Once Ada is deleted, her namesake may take her email.
            _ = try await client.delete(Self.base + "/" + id, headers: org.authorization)
            let after = try await client.send(
                .patch, Self.base + "/" + otherID, headers: org.authorization, body: #"{"Email":"ada@example.com"}"#)
            #expect(after.status == 204)
        }
    }

    @Test func theRuleCanBeTurnedOff() async throws {
        var configuration = MockOrgConfiguration(contacts: 5)
        configuration.duplicateRule = false
        let org = TestOrg(configuration)
        try await org.test { client in
            for _ in 0..<2 {
                let created = try await client.send(.post, Self.base, headers: org.authorization, body: Self.ada)
                #expect(created.status == 201)
            }
        }
    }

    @Test func theSeedHoldsNoDuplicates() {
        let tables = OrgTables(generator: SeedGenerator(seed: 1, contactCount: 5000))
        var seen = Set<String>()
        for contact in tables.contacts {
            guard let email = contact.email else { continue }
            let key = [contact.firstName ?? "", contact.lastName, email].joined(separator: "\u{0}").lowercased()
            #expect(seen.insert(key).inserted)
        }
    }
}
