import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import SOQL
import Testing

@testable import MockOrg

/// The number and date fields (Account.NumberOfEmployees and AnnualRevenue, Contact.Birthdate):
/// seeded, described, filtered and sorted with number and date literals, and written.
@Suite struct TypedFieldTests {
    static let base = "/services/data/v66.0"
    static let org = TestOrg(MockOrgConfiguration(contacts: 800, seed: 9))

    static func query(_ soql: String, _ client: some TestClientProtocol, _ org: TestOrg) async throws -> JSONReply {
        try await client.get(base + "/query?q=" + encodedQuery(soql), headers: org.authorization)
    }

    static func days(_ text: String) -> Int { SOQLLexer.parseDate(text)! }

    @Test func seedDataHasNumbersAndDatesForMostRecords() {
        let tables = OrgTables(generator: SeedGenerator(seed: 9, contactCount: 800))
        let birthdates = tables.contacts.compactMap(\.birthdate)
        #expect((500...700).contains(birthdates.count))
        #expect(birthdates.allSatisfy { $0 >= Self.days("1950-01-01") && $0 <= Self.days("2004-12-31") })
        #expect(tables.accounts.compactMap(\.numberOfEmployees).count > tables.accounts.count / 2)
        #expect(tables.accounts.contains { $0.annualRevenue != nil })
    }

    @Test func dateLiteralsFilterAndSortBirthdates() async throws {
        let org = Self.org
        let tables = OrgTables(generator: SeedGenerator(seed: 9, contactCount: 800))
        let since = Self.days("1990-01-01")
        let expected = tables.contacts.filter { ($0.birthdate ?? Int32.min) >= since }.count
        let expectedNulls = tables.contacts.filter { $0.birthdate == nil }.count
        try await org.test { client in
            let reply = try await Self.query(
                "SELECT Id, Birthdate FROM Contact WHERE Birthdate >= 1990-01-01 ORDER BY Birthdate DESC", client, org)
            #expect(reply.status == 200)
            let dates = reply.records.compactMap { $0["Birthdate"] as? String }
            #expect(dates.count == expected && expected > 0)
            #expect(dates == dates.sorted(by: >))
            #expect(dates.allSatisfy { $0 >= "1990-01-01" && $0.count == 10 })
            let nulls = try await Self.query("SELECT COUNT() FROM Contact WHERE Birthdate = null", client, org)
            #expect(nulls.object?["totalSize"] as? Int == expectedNulls)
            let last = try await Self.query(
                "SELECT Birthdate FROM Contact ORDER BY Birthdate ASC NULLS LAST LIMIT 800", client, org)
            #expect(last.records.last?["Birthdate"] is NSNull)
        }
    }

    @Test func numberLiteralsFilterAndSortAccounts() async throws {
        let org = Self.org
        let tables = OrgTables(generator: SeedGenerator(seed: 9, contactCount: 800))
        let smallFirms = tables.accounts.filter { [3, 12].contains($0.numberOfEmployees) }.count
        try await org.test { client in
            let reply = try await Self.query(
                "SELECT Name, NumberOfEmployees, AnnualRevenue FROM Account WHERE NumberOfEmployees > 1000 "
                    + "ORDER BY AnnualRevenue DESC NULLS LAST", client, org)
            #expect(reply.status == 200)
            #expect(!reply.records.isEmpty)
            let employees = reply.records.compactMap { $0["NumberOfEmployees"] as? Int }
            #expect(employees.count == reply.records.count && employees.allSatisfy { $0 > 1000 })
            let revenue = reply.records.map { $0["AnnualRevenue"] as? Double }
            let present = revenue.prefix { $0 != nil }.compactMap { $0 }
            #expect(present == present.sorted(by: >))
            #expect(revenue.dropFirst(present.count).allSatisfy { $0 == nil }, "nulls come last")
            let inList = try await Self.query(
                "SELECT COUNT() FROM Account WHERE NumberOfEmployees IN (3, 12.0, -1)", client, org)
            #expect(inList.object?["totalSize"] as? Int == smallFirms)
        }
    }

    @Test(arguments: [
        ("Account", "NumberOfEmployees = '5'", "must be of type integer and should not be enclosed in quotes"),
        ("Account", "AnnualRevenue > true", "must be of type double and should not be enclosed in quotes"),
        ("Contact", "CreatedDate = 2024-01-01", "must be of type dateTime and should not be enclosed in quotes"),
        ("Contact", "Birthdate = 2024-01-01T00:00:00Z", "must be of type date and should not be enclosed in quotes"),
    ])
    func wrongLiteralsAreRefused(_ object: String, _ condition: String, _ reason: String) async throws {
        let org = Self.org
        try await org.test { client in
            let reply = try await Self.query("SELECT Id FROM \(object) WHERE " + condition, client, org)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "INVALID_FIELD")
            #expect(reply.error?.message.hasSuffix(reason) == true, "\(reply.error?.message ?? "")")
        }
    }

    @Test func describeReportsTheTypes() async throws {
        let org = Self.org
        try await org.test { client in
            for (object, name, type) in [
                ("Contact", "Birthdate", "date"), ("Account", "NumberOfEmployees", "int"),
                ("Account", "AnnualRevenue", "currency"),
            ] {
                let describe = try await client.get(
                    Self.base + "/sobjects/\(object)/describe", headers: org.authorization)
                let fields = describe.object?["fields"] as? [[String: Any]] ?? []
                let field = try #require(fields.first { $0["name"] as? String == name })
                #expect(field["type"] as? String == type)
                #expect(field["digits"] as? Int == (type == "int" ? 8 : 0))
                #expect(field["precision"] as? Int == (type == "currency" ? 18 : 0))
            }
        }
    }

    @Test func writesTakeNumbersAndDatesAndRefuseOthers() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let contact = Self.base + "/sobjects/Contact/" + SalesforceID.make(keyPrefix: "003", serial: 2)
        let account = Self.base + "/sobjects/Account/" + SalesforceID.make(keyPrefix: "001", serial: 1)
        let today = DateText.date(days: Int(Date().timeIntervalSince1970 / 86_400))
        try await org.test { client in
            for (uri, body, status) in [
                (contact, #"{"Birthdate": "1980-02-29"}"#, 204),
                (contact, #"{"Birthdate": "1981-02-29"}"#, 400),
                (contact, #"{"Birthdate": 19800229}"#, 400),
                (account, #"{"NumberOfEmployees": 42}"#, 204),
                (account, #"{"NumberOfEmployees": "43"}"#, 204),
                (account, #"{"NumberOfEmployees": 1.5}"#, 400),
                (account, #"{"NumberOfEmployees": "many"}"#, 400),
                (account, #"{"NumberOfEmployees": true}"#, 400),
                (account, #"{"NumberOfEmployees": "0x10"}"#, 400),
                (account, #"{"NumberOfEmployees": [1]}"#, 400),
                (contact, #"{"Birthdate": "+999-01-01"}"#, 400),
                (contact, #"{"Birthdate": "1699-12-31"}"#, 400),
                (account, #"{"AnnualRevenue": "0x1p3"}"#, 400),
                (account, #"{"AnnualRevenue": 1250000.5}"#, 204),
            ] {
                let reply = try await client.send(.patch, uri, headers: org.authorization, body: body)
                #expect(reply.status == status, "\(body): \(reply.json ?? "")")
                if status == 400 { #expect(reply.error?.code == "JSON_PARSER_ERROR", "\(body)") }
            }
            for (body, message) in [
                (
                    #"{"NumberOfEmployees": 123456789}"#,
                    "Employees: value outside of valid range on numeric field: 123456789"
                ),
                (
                    #"{"AnnualRevenue": 1.5e18}"#,
                    "Annual Revenue: value outside of valid range on numeric field: 1500000000000000000"
                ),
            ] {
                let reply = try await client.send(.patch, account, headers: org.authorization, body: body)
                #expect(reply.status == 400)
                #expect(reply.error?.code == "NUMBER_OUTSIDE_VALID_RANGE", "\(body)")
                #expect(reply.error?.message == message)
            }
            // The refusals name the JSON token as Salesforce's parser does.
            for (body, token) in [
                (#"{"NumberOfEmployees": true}"#, "int from VALUE_TRUE or"),
                (#"{"NumberOfEmployees": "many"}"#, "int from VALUE_STRING value many or"),
                (#"{"NumberOfEmployees": 1.5}"#, "int from VALUE_NUMBER value 1.5 or"),
                (#"{"NumberOfEmployees": [1]}"#, "int from START_ARRAY value or"),
                (#"{"Title": {"a": 1}}"#, "string from START_OBJECT value for field Title"),
            ] {
                let uri = body.contains("Title") ? contact : account
                let reply = try await client.send(.patch, uri, headers: org.authorization, body: body)
                #expect(
                    reply.error?.message.contains("Cannot deserialize instance of " + token) == true,
                    "\(body): \(reply.error?.message ?? "")")
            }
            let person = try await client.get(contact, headers: org.authorization)
            #expect(person.object?["Birthdate"] as? String == "1980-02-29")
            let firm = try await client.get(account, headers: org.authorization)
            #expect(firm.object?["NumberOfEmployees"] as? Int == 43)
            // Scale 0: the amount is kept rounded to a whole number.
            #expect(firm.object?["AnnualRevenue"] as? Double == 1_250_001)

            _ = try await client.send(.patch, contact, headers: org.authorization, body: #"{"Birthdate": "\#(today)"}"#)
            for literal in ["TODAY", "LAST_N_DAYS:2"] {
                let found = try await Self.query("SELECT Id FROM Contact WHERE Birthdate = \(literal)", client, org)
                #expect(found.records.count == 1, "\(literal)")
            }
            _ = try await client.send(.patch, contact, headers: org.authorization, body: #"{"Birthdate": null}"#)
            #expect(try await client.get(contact, headers: org.authorization).object?["Birthdate"] is NSNull)
        }
    }
}
