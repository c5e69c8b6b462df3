import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Text orders by the code points of its upper-case form, as Salesforce documents for English
/// locales: `_` and `^` (between `Z` and `a`) come after the letters, and accented capitals after `Z`.
@Suite struct SOQLOrderTests {
    static let base = "/services/data/v66.0"
    static let names = [
        "Zed", "under_score", "Élodie", "UNDERSCORE", "Under^Line", "élan", "underscore", "Straße", "STRASSE",
    ]

    static func lastNames(_ soql: String, _ client: some TestClientProtocol, _ org: TestOrg) async throws -> [String] {
        let reply = try await client.query(soql, headers: org.authorization)
        #expect(reply.status == 200, "\(soql): \(reply.json ?? "")")
        return reply.records.compactMap { $0["LastName"] as? String }
    }

    @Test func orderByAndComparisonsUseUpperCaseCodePoints() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 0))
        try await org.test { client in
            for name in Self.names {
                let created = try await client.send(
                    .post, Self.base + "/sobjects/Contact", headers: org.authorization,
                    body: #"{"LastName": ""# + name + #""}"#)
                try #require(created.status == 201)
            }
            // UNDERSCORE and underscore are equal; Id (creation order) breaks the tie.
            // ß has no one-character upper case, so it stays ß (U+00DF, after Z) and Straße sorts after STRASSE.
            let ascending = [
                "STRASSE", "Straße", "UNDERSCORE", "underscore", "Under^Line", "under_score", "Zed", "élan", "Élodie",
            ]
            #expect(
                try await Self.lastNames("SELECT LastName FROM Contact ORDER BY LastName, Id", client, org) == ascending
            )
            #expect(
                try await Self.lastNames("SELECT LastName FROM Contact ORDER BY LastName DESC, Id DESC", client, org)
                    == ascending.reversed())
            #expect(
                try await Self.lastNames(
                    "SELECT LastName FROM Contact WHERE LastName > 'underscore' ORDER BY LastName", client, org)
                    == ["Under^Line", "under_score", "Zed", "élan", "Élodie"])
            #expect(
                try await Self.lastNames(
                    "SELECT LastName FROM Contact WHERE LastName <= 'ÉLAN' ORDER BY LastName, Id", client, org)
                    == Array(ascending.prefix(8)))
            // Equality and LIKE agree: ß is not SS.
            for condition in ["LastName = 'strasse'", "LastName IN ('STRASSE')", "LastName LIKE 'strasse'"] {
                #expect(
                    try await Self.lastNames("SELECT LastName FROM Contact WHERE " + condition, client, org)
                        == ["STRASSE"], "\(condition)")
            }
        }
    }
}
