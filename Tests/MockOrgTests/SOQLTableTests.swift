import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// SOQL statements with their expected rows, computed here by filtering the seed data in plain Swift.
@Suite struct SOQLTableTests {
    static let data = SeedData(seed: 7, contacts: 400)
    typealias Contact = SeedData.Contact

    struct RowCase: CustomTestStringConvertible, Sendable {
        let soql: String
        /// The expected ids, in order when `ordered`.
        let expected: @Sendable () -> [String]
        var ordered = false
        var testDescription: String { soql }
    }

    static func ids(_ filter: @escaping @Sendable (Contact) -> Bool) -> @Sendable () -> [String] {
        { data.contacts.filter(filter).map(\.id) }
    }

    static func lower(_ text: String?) -> String? { text?.lowercased() }

    static let rowCases: [RowCase] = [
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName = 'smith'", expected: ids { lower($0.lastName) == "smith" }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName != 'Smith'", expected: ids { lower($0.lastName) != "smith" }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName <> 'Smith'", expected: ids { lower($0.lastName) != "smith" }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName LIKE '%SON%'",
            expected: ids { $0.lastName.lowercased().contains("son") }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE FirstName LIKE 'j_m%'",
            expected: ids {
                guard let first = $0.firstName?.lowercased(), first.count >= 3 else { return false }
                return first.hasPrefix("j") && Array(first)[2] == "m"
            }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE Name LIKE '%müller'",
            expected: ids { $0.name.lowercased().hasSuffix("müller") }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName IN ('García', 'lee', '山田')",
            expected: ids { ["garcía", "lee", "山田"].contains($0.lastName.lowercased()) }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName NOT IN ('García', 'lee')",
            expected: ids { !["garcía", "lee"].contains($0.lastName.lowercased()) }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE Email = null", expected: ids { $0.email == nil }),
        RowCase(
            soql:
                "SELECT Id FROM Contact WHERE Title != null AND (MailingCountry = 'USA' OR MailingCountry = 'Canada')",
            expected: ids { $0.title != nil && ["USA", "Canada"].contains($0.mailingCountry ?? "") }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE NOT (LastName LIKE 'S%' OR Title = null)",
            expected: ids { !($0.lastName.lowercased().hasPrefix("s") || $0.title == nil) }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE LastName = 'O\\'Brien'", expected: ids { $0.lastName == "O'Brien" }),
        RowCase(
            soql: "select id from contact where account.name like 'acme%'",
            expected: ids { $0.accountName?.lowercased().hasPrefix("acme") ?? false }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE CreatedDate >= 2024-01-01T00:00:00Z",
            expected: ids { $0.created >= 1_704_067_200_000 }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE CreatedDate < 2023-06-01T12:00:00+02:00",
            expected: ids { $0.created < 1_685_613_600_000 }),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE CreatedDate = LAST_N_DAYS:900",
            expected: ids {
                let day: Int64 = 86_400_000
                let now = Int64(Date().timeIntervalSince1970 * 1000)
                return $0.created >= now - now % day - 900 * day
            }),
        RowCase(
            soql:
                "SELECT Id FROM Contact ORDER BY LastName DESC NULLS LAST, FirstName ASC NULLS FIRST LIMIT 25 OFFSET 10",
            expected: {
                let sorted = data.contacts.enumerated().sorted { a, b in
                    let (x, y) = (a.element, b.element)
                    if x.lastName.lowercased() != y.lastName.lowercased() {
                        return x.lastName.lowercased() > y.lastName.lowercased()
                    }
                    switch (x.firstName?.lowercased(), y.firstName?.lowercased()) {
                    case (nil, nil): return a.offset < b.offset
                    case (nil, _): return true
                    case (_, nil): return false
                    case (let p?, let q?): return p == q ? a.offset < b.offset : p < q
                    }
                }
                return Array(sorted.dropFirst(10).prefix(25).map(\.element.id))
            }, ordered: true),
        RowCase(
            soql: "SELECT Id FROM Contact WHERE Email != null ORDER BY Email LIMIT 5",
            expected: {
                Array(
                    data.contacts.filter { $0.email != nil }.sorted { $0.email!.lowercased() < $1.email!.lowercased() }
                        .prefix(5).map(\.id))
            }, ordered: true),
    ]

    @Test(arguments: rowCases)
    func queryReturnsTheExpectedRows(_ row: RowCase) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 400, seed: 7))
        let expected = row.expected()
        // A case that selects nothing (or everything) would not show that the filter works.
        #expect(!expected.isEmpty && expected.count < Self.data.contacts.count)
        try await org.test { client in
            let reply = try await client.query(row.soql, headers: org.authorization)
            try #require(reply.status == 200, "\(String(describing: reply.error))")
            let ids = reply.records.compactMap { $0["Id"] as? String }
            #expect(reply.object?["totalSize"] as? Int == expected.count)
            if row.ordered {
                #expect(ids == expected)
            } else {
                #expect(ids.sorted() == expected.sorted())
            }
        }
    }

    @Test func countReturnsTotalSizeWithoutRecords() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 400, seed: 7))
        let expected = Self.data.contacts.filter { $0.lastName.lowercased().hasPrefix("m") }.count
        try await org.test { client in
            let reply = try await client.query(
                "SELECT COUNT() FROM Contact WHERE LastName LIKE 'm%'", headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.object?["totalSize"] as? Int == expected)
            #expect(reply.object?["done"] as? Bool == true)
            #expect((reply.object?["records"] as? [Any])?.isEmpty == true)
        }
    }

    @Test func caseQueriesNestTheContact() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 400, seed: 7))
        let expected = Self.data.cases.filter { $0.status == "New" }
        try await org.test { client in
            let reply = try await client.query(
                "SELECT Id, CaseNumber, Contact.Name FROM Case WHERE Status = 'New'", headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.records.compactMap { $0["Id"] as? String } == expected.map(\.id))
            #expect(reply.records.compactMap { $0["CaseNumber"] as? String } == expected.map(\.caseNumber))
            let names = reply.records.map { ($0["Contact"] as? [String: Any])?["Name"] as? String }
            #expect(names == expected.map(\.contactName))
        }
    }

    struct ErrorCase: CustomTestStringConvertible, Sendable {
        let soql: String
        let code: String
        let message: String
        var testDescription: String { soql }

        init(soql: String, code: String, message: String) {
            self.soql = soql
            self.code = code
            self.message = message
        }

        /// A case whose message points at a place in the statement the way Salesforce's does:
        /// the statement's line, a caret under the column, the position, then `text`.
        init(soql: String, code: String, row: Int, column: Int, _ text: String) {
            let line = soql.split(separator: "\n", omittingEmptySubsequences: false)[row - 1]
            let caret = String(repeating: " ", count: column - 1) + "^"
            self.init(
                soql: soql, code: code,
                message: "\n\(line)\n\(caret)\nERROR at Row:\(row):Column:\(column)\n" + text)
        }

        /// A statement naming a field the object does not have or that cannot be used where it stands.
        static func invalidField(_ soql: String, column: Int, _ text: String) -> ErrorCase {
            ErrorCase(soql: soql, code: "INVALID_FIELD", row: 1, column: column, text)
        }

        /// A statement that parses but breaks one of SOQL's rules.
        static func malformed(_ soql: String, column: Int, _ text: String) -> ErrorCase {
            ErrorCase(soql: soql, code: "MALFORMED_QUERY", row: 1, column: column, text)
        }

        /// A statement the parser stops in at `token`.
        static func unexpectedToken(_ token: String, in soql: String, row: Int = 1, column: Int) -> ErrorCase {
            ErrorCase(soql: soql, code: "MALFORMED_QUERY", row: row, column: column, "unexpected token: '\(token)'")
        }
    }

    static let noSuchColumnTail =
        "If you are attempting to use a custom field, be sure to append the '__c' after the custom field name. Please reference your WSDL or the describe call for the appropriate names."

    static let errorCases: [ErrorCase] = [
        ErrorCase(soql: "", code: "MALFORMED_QUERY", message: "SOQL statements cannot be empty or null"),
        ErrorCase(soql: "   ", code: "MALFORMED_QUERY", message: "SOQL statements cannot be empty or null"),
        .invalidField(
            "SELECT Id, Foo FROM Contact", column: 12, "No such column 'Foo' on entity 'Contact'. " + noSuchColumnTail),
        .invalidField(
            "SELECT Id FROM Contact WHERE Account.Bogus = 'x'", column: 30,
            "No such column 'Bogus' on entity 'Account'. " + noSuchColumnTail),
        ErrorCase(
            soql: "SELECT Id FROM Foo", code: "INVALID_TYPE", row: 1, column: 16,
            "sObject type 'Foo' is not supported. "
                + "If you are attempting to use a custom object, be sure to append the '__c' after the entity name. "
                + "Please reference your WSDL or the describe call for the appropriate names."),
        // Two cases spelled out whole, so that the caret and position are not only checked by the
        // same arithmetic as the org's: one on the first line, one on the second.
        ErrorCase(
            soql: "SELECT Id FROM Contact LIMT 5", code: "MALFORMED_QUERY",
            message: "\nSELECT Id FROM Contact LIMT 5\n                       ^\nERROR at Row:1:Column:24\n"
                + "unexpected token: 'LIMT'"),
        .unexpectedToken("<EOF>", in: "SELECT Id FROM Contact WHERE", column: 29),
        ErrorCase(
            soql: "SELECT Id FROM Contact\nHAVING Name", code: "MALFORMED_QUERY",
            message: "\nHAVING Name\n^\nERROR at Row:2:Column:1\nunexpected token: 'HAVING'"),
        ErrorCase(
            soql: "SELECT Id FROM Contact OFFSET 2001", code: "NUMBER_OUTSIDE_VALID_RANGE", row: 1, column: 31,
            "Maximum SOQL offset allowed is 2000"),
        .invalidField(
            "SELECT Id FROM Contact WHERE LastName = 5", column: 41,
            "value of filter criterion for field 'LastName' must be of type string and should be enclosed in quotes"),
        ErrorCase(
            soql: "SELECT Id FROM Contact WHERE Id = 'nope'", code: "INVALID_QUERY_FILTER_OPERATOR", row: 1,
            column: 35, "invalid ID field: nope"),
        .unexpectedToken(
            "OR", in: "SELECT Id FROM Contact WHERE Title = 'a' AND Email = 'b' OR Phone = 'c'", column: 58),
        .malformed("SELECT Id, Id FROM Contact", column: 12, "duplicate field selected: Id"),
        .malformed(
            "SELECT LastName, COUNT(Id) FROM Contact", column: 8, "Field must be grouped or aggregated: LastName"),
        .invalidField(
            "SELECT SUM(LastName) FROM Contact", column: 12, "field LastName does not support aggregate operator SUM"),
        .invalidField(
            "SELECT COUNT(Id) FROM Contact GROUP BY CreatedDate", column: 40,
            "field 'CreatedDate' can not be grouped in a query call"),
        .malformed(
            "SELECT LastName FROM Contact GROUP BY LastName ORDER BY FirstName", column: 57,
            "Ordered field must be grouped or aggregated: FirstName"),
    ]

    @Test(arguments: errorCases)
    func malformedQueriesAreRefusedWithAPosition(_ row: ErrorCase) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 10))
        try await org.test { client in
            let reply = try await client.query(row.soql, headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == row.code)
            #expect(reply.error?.message == row.message)
        }
    }
}
