import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// `GET …/search?q=SOSL`: Salesforce's `{"searchRecords":[…]}`, the scopes, the limits and the errors.
@Suite struct SearchRouteTests {
    private func search(_ sosl: String, _ org: TestOrg, client: some TestClientProtocol) async throws -> JSONReply {
        try await client.query(sosl, headers: org.authorization, path: "/services/data/v66.0/search")
    }

    private func names(_ reply: JSONReply) -> [String] {
        (reply.object?["searchRecords"] as? [[String: Any]] ?? []).compactMap { $0["Name"] as? String }
    }

    @Test func aNamePrefixFindsEveryContactWithAWordStartingSoInWireFormat() async throws {
        let org = TestOrg()
        let prefix = String(try #require(org.contacts.first?.lastName).lowercased().prefix(3))
        let expected = org.contacts.map(\.name).filter { name in
            name.lowercased().split(whereSeparator: { !($0.isLetter || $0.isNumber) }).contains { $0.hasPrefix(prefix) }
        }
        try #require(!expected.isEmpty)
        try await org.test { client in
            let reply = try await search(
                "FIND {\(prefix.uppercased())*} IN NAME FIELDS RETURNING Contact(Id, Name)", org, client: client)
            #expect(reply.status == 200)
            #expect(reply.contentType == "application/json;charset=UTF-8")
            let body = try #require(reply.object)
            #expect(Array(body.keys) == ["searchRecords"])
            #expect(names(reply) == expected)
            for record in body["searchRecords"] as? [[String: Any]] ?? [] {
                let id = try #require(record["Id"] as? String)
                let attributes = try #require(record["attributes"] as? [String: Any])
                #expect(attributes["type"] as? String == "Contact")
                #expect(attributes["url"] as? String == "/services/data/v66.0/sobjects/Contact/" + id)
                #expect(Array(record.keys).sorted() == ["Id", "Name", "attributes"])
            }
            // Without the wildcard, three letters are no word of any name.
            let exact = try await search("FIND {\(prefix)} IN NAME FIELDS RETURNING Contact(Name)", org, client: client)
            #expect(names(exact).count < expected.count)
        }
    }

    @Test func anEmailOrAPhoneInAnotherFormatFindsItsContact() async throws {
        let org = TestOrg()
        let contact = try #require(org.contacts.first { $0.email != nil && $0.phone != nil })
        let email = try #require(contact.email)
        let digits = try #require(contact.phone).filter(\.isNumber)
        try await org.test { client in
            let byEmail = try await search(
                "FIND {\(email)} IN EMAIL FIELDS RETURNING Contact(Name, Email)", org, client: client)
            #expect(names(byEmail) == [contact.name])
            let byPhone = try await search(
                "FIND {\(digits.prefix(3))-\(digits.dropFirst(3))} IN PHONE FIELDS RETURNING Contact(Name)", org,
                client: client)
            #expect(names(byPhone).contains(contact.name))
            // The email's words are not name fields.
            let inNames = try await search(
                "FIND {\(email)} IN NAME FIELDS RETURNING Contact(Name)", org, client: client)
            #expect(names(inNames).isEmpty)
        }
    }

    @Test func whereOrderByAndBothLimitsApply() async throws {
        let org = TestOrg()
        try await org.test { client in
            let all = names(try await search("FIND {example*} RETURNING Contact(Name)", org, client: client))
            #expect(all.count > 10)
            let ordered = names(
                try await search(
                    "FIND {example*} RETURNING Contact(Name WHERE Phone != null ORDER BY Name DESC LIMIT 4)", org,
                    client: client))
            let expected = org.contacts.filter { $0.phone != nil && $0.email != nil }.map(\.name)
            #expect(ordered.count == 4)
            #expect(ordered == Array(expected.sorted { $0.lowercased() > $1.lowercased() }.prefix(4)))
            let overall = try await search(
                "FIND {example*} RETURNING Contact(Name LIMIT 5), Account(Name) LIMIT 7", org, client: client)
            let records = overall.object?["searchRecords"] as? [[String: Any]] ?? []
            let types = records.compactMap { ($0["attributes"] as? [String: Any])?["type"] as? String }
            #expect(types.count <= 7 && types.prefix(5) == ["Contact", "Contact", "Contact", "Contact", "Contact"])
            #expect(names(try await search("FIND {example*} LIMIT 3", org, client: client)).isEmpty)
            let ids = try await search("FIND {example*} LIMIT 3", org, client: client)
            #expect((ids.object?["searchRecords"] as? [Any])?.count == 3)
        }
    }

    @Test(arguments: [
        ("FIND {a}", "MALFORMED_SEARCH", "No search term found. The search term must be longer than one character."),
        ("", "MALFORMED_SEARCH", "No search term found. The search term must be longer than one character."),
        ("FIND smith", "MALFORMED_SEARCH", "The search text after FIND must be enclosed in braces: FIND {text}."),
        (
            "FIND {smith} RETURNING Contact(COUNT())", "MALFORMED_SEARCH",
            "RETURNING Contact takes fields, not COUNT() or aggregates."
        ),
        ("FIND {smith} RETURNING Lead(Name)", "INVALID_TYPE", nil),
        ("FIND {smith} RETURNING Contact(Nickname)", "INVALID_FIELD", nil),
        ("FIND {smith} RETURNING Contact(Name WHERE)", "MALFORMED_SEARCH", nil),
    ])
    func badSearchesAreRefusedAsSalesforceDoes(sosl: String, code: String, message: String?) async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await search(sosl, org, client: client)
            #expect(reply.status == 400)
            #expect(reply.error?.code == code)
            if let message { #expect(reply.error?.message == message) }
        }
    }

    @Test func deletedContactsAreNotFound() async throws {
        let org = TestOrg()
        let contact = try #require(org.contacts.first { $0.email != nil })
        let email = try #require(contact.email)
        try await org.test { client in
            let before = try await search("FIND {\(email)} RETURNING Contact(Id)", org, client: client)
            let id = try #require((before.object?["searchRecords"] as? [[String: Any]])?.first?["Id"] as? String)
            let deleted = try await client.delete(
                "/services/data/v66.0/sobjects/Contact/" + id, headers: org.authorization)
            #expect(deleted.status == 204)
            let after = try await search("FIND {\(email)} RETURNING Contact(Id)", org, client: client)
            #expect((after.object?["searchRecords"] as? [Any])?.isEmpty == true)
        }
    }
}
