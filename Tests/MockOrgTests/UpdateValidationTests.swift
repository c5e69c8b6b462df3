import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// A PATCH of one record, and the same change through `composite/sobjects`, get Salesforce's
/// validation errors with 400 and `[{"message", "errorCode", "fields"}]`; nothing is applied.
@Suite struct UpdateValidationTests {
    static let base = "/services/data/v66.0"
    static let id = SalesforceID.make(keyPrefix: "003", serial: 1)
    static let rule = MockOrgValidationRule(
        objectType: "Contact", field: "Title", rejectedText: "Intern", message: "Interns are not listed in this org.")

    struct Row: CustomTestStringConvertible, Sendable {
        let body: String
        let code: String
        let field: String
        var testDescription: String { code }
    }

    static let rows: [Row] = [
        Row(body: #"{"Email": "not-an-address"}"#, code: "INVALID_EMAIL_ADDRESS", field: "Email"),
        Row(
            body: #"{"FirstName": "\#(String(repeating: "x", count: 41))"}"#, code: "STRING_TOO_LONG",
            field: "FirstName"),
        Row(body: #"{"LastName": ""}"#, code: "REQUIRED_FIELD_MISSING", field: "LastName"),
        Row(body: #"{"LastName": null}"#, code: "REQUIRED_FIELD_MISSING", field: "LastName"),
        Row(body: #"{"Name": "Whole Name"}"#, code: "INVALID_FIELD_FOR_INSERT_UPDATE", field: "Name"),
        Row(body: #"{"Id": "003000000000002AAA"}"#, code: "INVALID_FIELD_FOR_INSERT_UPDATE", field: "Id"),
        Row(body: #"{"Title": "Summer Intern"}"#, code: "FIELD_CUSTOM_VALIDATION_EXCEPTION", field: "Title"),
    ]

    static func configuration() -> MockOrgConfiguration {
        var configuration = MockOrgConfiguration(contacts: 5)
        configuration.validationRules = [rule]
        return configuration
    }

    @Test(arguments: rows)
    func aRefusedPatchSaysWhyAndChangesNothing(_ row: Row) async throws {
        let org = TestOrg(Self.configuration())
        try await org.test { client in
            let record = Self.base + "/sobjects/Contact/" + Self.id
            let before = try await client.get(record, headers: org.authorization)
            let reply = try await client.send(.patch, record, headers: org.authorization, body: row.body)
            #expect(reply.status == 400)
            #expect(reply.error?.code == row.code)
            #expect(reply.errorFields == [row.field])
            #expect(reply.contentType == "application/json;charset=UTF-8")
            let after = try await client.get(record, headers: org.authorization)
            #expect(NSDictionary(dictionary: after.object ?? [:]) == NSDictionary(dictionary: before.object ?? [:]))
        }
    }

    // In a collection update an Id is the record's key, not a field, so its row does not apply.
    @Test(arguments: rows.filter { $0.field != "Id" })
    func theCollectionUpdateRefusesTheSameWay(_ row: Row) async throws {
        let org = TestOrg(Self.configuration())
        try await org.test { client in
            let fields = try #require(try JSONSerialization.jsonObject(with: Data(row.body.utf8)) as? [String: Any])
            var record: [String: Any] = ["attributes": ["type": "Contact"], "id": Self.id]
            for (key, value) in fields { record[key] = value }
            let body = try JSONSerialization.data(withJSONObject: ["allOrNone": false, "records": [record]])
            let reply = try await client.send(
                .patch, Self.base + "/composite/sobjects", headers: org.authorization,
                body: String(decoding: body, as: UTF8.self))
            #expect(reply.status == 200)
            let outcome = try #require((reply.json as? [[String: Any]])?.first)
            #expect(outcome["success"] as? Bool == false)
            let error = try #require((outcome["errors"] as? [[String: Any]])?.first)
            #expect(error["statusCode"] as? String == row.code)
            #expect(error["fields"] as? [String] == [row.field])
        }
    }

    @Test func theFirstRuleSetUpNamesTheErrorWhateverTheBodysOrder() throws {
        let salesEmail = MockOrgValidationRule(
            objectType: "Contact", field: "Email", rejectedText: "sales@", message: "Sales has its own org.")
        let field = { (name: String) in try #require(SObjectType.contact.field(named: name)) }
        let values = [
            (try field("Email"), FieldValue.string("sales@example.com")), (try field("Title"), .string("Intern")),
        ]
        for (rules, expected) in [([Self.rule, salesEmail], "Title"), ([salesEmail, Self.rule], "Email")] {
            let error = #expect(throws: APIError.self) { try ValidationRules(rules).check(.contact, values) }
            #expect(error?.fields == [expected])
        }
    }

    @Test func theRuleLetsOtherValuesThrough() async throws {
        let org = TestOrg(Self.configuration())
        try await org.test { client in
            let record = Self.base + "/sobjects/Contact/" + Self.id
            let reply = try await client.send(
                .patch, record, headers: org.authorization, body: #"{"Title": "Manager"}"#)
            #expect(reply.status == 204)
            #expect(try await client.get(record, headers: org.authorization).object?["Title"] as? String == "Manager")
        }
    }

    @Test func describeTellsWhatCanBeUpdated() async throws {
        let org = TestOrg(Self.configuration())
        try await org.test { client in
            let describe = try await client.get(Self.base + "/sobjects/Contact/describe", headers: org.authorization)
            let fields = try #require(describe.object?["fields"] as? [[String: Any]])
            let byName = Dictionary(uniqueKeysWithValues: fields.map { ($0["name"] as! String, $0) })
            #expect(byName["Email"]?["updateable"] as? Bool == true)
            #expect(byName["Email"]?["type"] as? String == "email")
            #expect(byName["FirstName"]?["length"] as? Int == 40)
            #expect(byName["LastName"]?["nillable"] as? Bool == false)
            #expect(byName["Name"]?["updateable"] as? Bool == false)
            #expect(byName["Id"]?["updateable"] as? Bool == false)
        }
    }
}
