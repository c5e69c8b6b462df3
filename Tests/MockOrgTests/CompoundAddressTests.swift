import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Contact.MailingAddress as Salesforce serves it: one object of the address's parts (null when
/// every part is), read-only, neither filterable nor sortable.
@Suite struct CompoundAddressTests {
    static let org = TestOrg(MockOrgConfiguration(contacts: 60, seed: 3))

    @Test func theAddressIsAnObjectOfItsParts() async throws {
        let org = Self.org
        try await org.test { client in
            let reply = try await client.query(
                "SELECT Id, MailingStreet, MailingCity, MailingState, MailingPostalCode, MailingCountry, "
                    + "MailingAddress FROM Contact", headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.records.count == 60)
            var seenAddress = false
            for record in reply.records {
                let parts = ["MailingStreet", "MailingCity", "MailingState", "MailingPostalCode", "MailingCountry"]
                    .map { record[$0] as? String }
                guard let address = record["MailingAddress"] as? [String: Any] else {
                    #expect(record["MailingAddress"] is NSNull)
                    #expect(parts.allSatisfy { $0 == nil })
                    continue
                }
                seenAddress = true
                #expect(
                    address.keys.sorted()
                        == [
                            "city", "country", "geocodeAccuracy", "latitude", "longitude", "postalCode", "state",
                            "street",
                        ])
                let shown = ["street", "city", "state", "postalCode", "country"].map { address[$0] as? String }
                #expect(shown == parts)
                #expect(address["latitude"] is NSNull)
            }
            #expect(seenAddress)
        }
    }

    @Test func theAddressIsNeitherFilteredNorSortedNorWritten() async throws {
        let org = Self.org
        try await org.test { client in
            let filtered = try await client.query(
                "SELECT Id FROM Contact WHERE MailingAddress = 'x'", headers: org.authorization)
            #expect(filtered.status == 400)
            #expect(filtered.error?.code == "INVALID_FIELD")
            #expect(
                filtered.error?.message.contains("field 'MailingAddress' can not be filtered in query call") == true)
            let sorted = try await client.query(
                "SELECT Id FROM Contact ORDER BY MailingAddress", headers: org.authorization)
            #expect(sorted.error?.code == "INVALID_FIELD")
            #expect(sorted.error?.message.contains("field 'MailingAddress' can not be sorted in a query call") == true)
            let created = try await client.send(
                .post, "/services/data/v66.0/sobjects/Contact", headers: org.authorization,
                body: #"{"LastName":"Test","MailingAddress":{"city":"Oslo"}}"#)
            #expect(created.error?.code == "INVALID_FIELD_FOR_INSERT_UPDATE")
            let describe = try await client.get(
                "/services/data/v66.0/sobjects/Contact/describe", headers: org.authorization)
            let fields = describe.object?["fields"] as? [[String: Any]] ?? []
            let field = try #require(fields.first { $0["name"] as? String == "MailingAddress" })
            #expect(field["type"] as? String == "address")
            #expect(field["filterable"] as? Bool == false)
            #expect(field["sortable"] as? Bool == false)
            #expect(field["createable"] as? Bool == false)
        }
    }
}
