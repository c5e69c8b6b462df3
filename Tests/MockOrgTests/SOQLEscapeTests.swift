import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// String escapes as Salesforce documents them, in comparisons and in LIKE, and the operators
/// Salesforce refuses for a field's type.
@Suite struct SOQLEscapeTests {
    static let base = "/services/data/v66.0"
    /// Last names created for the tests, as JSON string literals.
    static let names = [
        #"Back\\slash"#, "Per%cent", "Under_score", "Line\\nBreak", "Caf\\u00e9", "Rocket \\ud83d\\ude80", "Plain",
    ]

    /// Runs `body` against an org holding only the test's contacts, returning their ids by last name.
    static func withNames(
        _ body: @escaping @Sendable (any TestClientProtocol, TestOrg) async throws -> Void
    ) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 0))
        try await org.test { client in
            for name in names {
                let created = try await client.send(
                    .post, base + "/sobjects/Contact", headers: org.authorization,
                    body: #"{"LastName": ""# + name + #""}"#)
                try #require(created.status == 201, "\(name): \(created.json ?? "")")
            }
            try await body(client, org)
        }
    }

    static func lastNames(_ soql: String, _ client: any TestClientProtocol, _ org: TestOrg) async throws -> [String] {
        let reply = try await client.get(base + "/query?q=" + encodedQuery(soql), headers: org.authorization)
        #expect(reply.status == 200, "\(soql): \(reply.json ?? "")")
        return reply.records.compactMap { $0["LastName"] as? String }.sorted()
    }

    @Test(
        arguments: [
            // SOQL text as a client sends it, and the last names it selects ("*": every one).
            (#"LastName LIKE '%\\%'"#, [#"Back\slash"#]),
            (#"LastName LIKE '%\\s%'"#, [#"Back\slash"#]),
            (#"LastName LIKE '%\%%'"#, ["Per%cent"]),
            (#"LastName LIKE '%\_%'"#, ["Under_score"]),
            (#"LastName LIKE '%_%'"#, ["*"]),
            (#"LastName = 'Back\\slash'"#, [#"Back\slash"#]),
            (#"LastName = 'Line\nBreak'"#, ["Line\nBreak"]),
            (#"LastName = 'Line\NBreak'"#, ["Line\nBreak"]),
            (#"LastName = 'Caf\u00e9'"#, ["Café"]),
            (#"LastName = 'caf\u00C9'"#, ["Café"]),
            (#"LastName = 'Rocket \uD83D\uDE80'"#, ["Rocket 🚀"]),
            (#"LastName IN ('Plain', 'Per%cent')"#, ["Per%cent", "Plain"]),
            (#"LastName LIKE 'pla_n'"#, ["Plain"]),
            // Escaped as \u, a backslash, % or _ is text in LIKE too, as it is in =.
            (#"LastName LIKE 'Back\u005cslash'"#, [#"Back\slash"#]),
            (#"LastName LIKE 'Per\u0025cent'"#, ["Per%cent"]),
            (#"LastName LIKE '%\u0025'"#, []),
            (#"LastName LIKE 'Under\u005fscore'"#, ["Under_score"]),
            (#"LastName LIKE 'Unde\u005f_score'"#, []),
        ] as [(String, [String])])
    func escapesSelectTheRightRows(_ condition: String, _ expected: [String]) async throws {
        try await Self.withNames { client, org in
            let found = try await Self.lastNames("SELECT LastName FROM Contact WHERE " + condition, client, org)
            if expected == ["*"] {
                #expect(found.count == Self.names.count, "\(condition)")
            } else {
                #expect(found == expected.sorted(), "\(condition)")
            }
        }
    }

    @Test(arguments: [
        (
            #"LastName = 'a\%'"#, "MALFORMED_QUERY",
            #"Invalid string literal 'a\%'. Illegal character sequence '\%' in string literal."#
        ),
        (
            #"LastName IN ('a', 'b\_')"#, "MALFORMED_QUERY",
            #"Invalid string literal 'b\_'. Illegal character sequence '\_' in string literal."#
        ),
        (
            #"LastName = 'a\q'"#, "MALFORMED_QUERY",
            #"Invalid string literal 'a\q'. Illegal character sequence '\q' in string literal."#
        ),
        (
            #"LastName = 'a\u12'"#, "MALFORMED_QUERY",
            #"Invalid string literal 'a\u'. Illegal character sequence '\u' in string literal."#
        ),
        ("IsDeleted < true", "INVALID_QUERY_FILTER_OPERATOR", "invalid operator on boolean field: IsDeleted"),
        ("Id LIKE '003%'", "INVALID_QUERY_FILTER_OPERATOR", "invalid operator on id field: Id"),
        ("AccountId LIKE '001%'", "INVALID_QUERY_FILTER_OPERATOR", "invalid operator on reference field: AccountId"),
        (
            "CreatedDate IN (TODAY)", "MALFORMED_QUERY",
            "date literal TODAY is not supported in an IN list; use = or a range"
        ),
        (
            "Id != null ORDER BY MailingStreet", "INVALID_FIELD",
            "field 'MailingStreet' can not be sorted in a query call"
        ),
    ])
    func refusedWithSalesforcesCodeAndAPosition(_ condition: String, _ code: String, _ reason: String) async throws {
        try await Self.withNames { client, org in
            let soql = "SELECT Id FROM Contact WHERE " + condition
            let reply = try await client.get(Self.base + "/query?q=" + encodedQuery(soql), headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == code, "\(soql)")
            let message = reply.error?.message ?? ""
            #expect(message.hasSuffix("\n" + reason), "\(soql): \(message)")
            #expect(message.contains("ERROR at Row:1:Column:"), "\(soql): \(message)")
        }
    }
}
