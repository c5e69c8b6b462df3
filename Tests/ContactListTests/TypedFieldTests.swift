import Foundation
import RestCore
import Testing

@testable import ContactList

/// Typed fields, in `c`'s form and in `e`'s editor: a picklist offers its active values, a
/// checkbox toggles, a date is checked as typed, a reference takes an Id or a looked-up name.
@Suite("Typed fields in the form and the editor")
struct TypedFieldTests {
    static let query = "SELECT Id, Name, Birthdate, DoNotCall, LeadSource, AccountId FROM Contact"
    static let accountA = "001000000000001AAA"
    static let accountB = "001000000000002AAA"

    static let describe: Result<RestResponse, RestClientError> = {
        func field(_ name: String, _ type: String, nillable: Bool = true, extra: [String: Any] = [:]) -> [String: Any] {
            [
                "name": name, "type": type, "label": name, "createable": name != "Id" && name != "Name",
                "updateable": name != "Id" && name != "Name", "nillable": nillable, "calculated": false,
            ].merging(extra) { $1 }
        }
        let fields: [[String: Any]] = [
            field("Id", "id", nillable: false),
            field("Name", "string", nillable: false),
            field("LastName", "string", nillable: false),
            field("Birthdate", "date"),
            field("DoNotCall", "boolean", nillable: false, extra: ["defaultedOnCreate": true]),
            field(
                "LeadSource", "picklist",
                extra: [
                    "picklistValues": [
                        ["value": "Web", "label": "Web", "active": true],
                        ["value": "Fax", "label": "Fax", "active": false],
                        ["value": "Phone Inquiry", "label": "Phone Inquiry", "active": true],
                    ]
                ]),
            field("AccountId", "reference", extra: ["referenceTo": ["Account"]]),
        ]
        let data = try! JSONSerialization.data(
            withJSONObject: ["name": "Contact", "label": "Contact", "labelPlural": "Contacts", "fields": fields])
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }()

    static func record(_ index: Int) -> [String: Any] {
        [
            "attributes": ["type": "Contact"], "Id": Fixtures.id(index), "Name": "Contact \(index)",
            "Birthdate": "1990-01-0\(index + 1)", "DoNotCall": false, "LeadSource": "Web", "AccountId": NSNull(),
        ]
    }

    static func openForm() throws -> ContactListModel {
        var model = Fixtures.model(records: (0..<2).map(record), query: query)
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("c"))).first)
        _ = model.handle(response: Self.describe, for: describe.id)
        #expect(
            model.createForm?.shownEntries.map(\.field) == [
                "LastName", "Birthdate", "DoNotCall", "LeadSource", "AccountId",
            ])
        _ = Fixtures.type("Okafor", into: &model)
        return model
    }

    static func screen(_ model: ContactListModel) -> String {
        ContactListScreen(model: model).frame(width: 100, height: 28).text
    }

    /// The form's line of `field`, up to the panel's right border.
    static func line(_ model: ContactListModel, _ field: String) -> String {
        let line =
            screen(model).components(separatedBy: "\n").first { $0.contains("│") && $0.contains(" \(field) ") } ?? ""
        return String(line.split(separator: "│").dropFirst().first ?? "").trimmingCharacters(in: .whitespaces)
    }

    static func body(_ request: RestRequest) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(request.body ?? [])) as? [String: Any])
    }

    @Test("a date is checked as typed: one sentence by the field, nothing sent, nothing lost")
    func dateChecked() throws {
        var model = try Self.openForm()
        _ = model.handle(key: .tab)
        _ = Fixtures.type("2026-02-30", into: &model)
        #expect(Self.screen(model).contains("Birthdate must be a date such as 2026-11-27."))
        #expect(Fixtures.sentRequests(model.handle(key: .control("s"))).isEmpty)
        #expect(model.createForm?.typedValues["Birthdate"] == "2026-02-30")
        _ = model.handle(key: .backspace)
        _ = model.handle(key: .backspace)
        _ = Fixtures.type("28", into: &model)
        #expect(model.createForm?.entries.first { $0.field == "Birthdate" }?.error == nil)
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        #expect(try Self.body(post)["Birthdate"] as? String == "2026-02-28")
    }

    @Test("a checkbox toggles with Space and is sent as a JSON boolean; a picklist offers its active values")
    func checkboxAndPicklist() throws {
        var model = try Self.openForm()
        _ = model.handle(key: .tab)
        _ = model.handle(key: .tab)
        _ = model.handle(key: .character(" "))
        #expect(Self.line(model, "DoNotCall").hasSuffix(": [x]"))
        _ = model.handle(key: .tab)
        #expect(Self.screen(model).contains("Space: Web · Phone Inquiry"), "the inactive Fax is not offered")
        _ = model.handle(key: .character(" "))
        #expect(model.createForm?.typedValues["LeadSource"] == "Web")
        _ = model.handle(key: .character(" "))
        #expect(model.createForm?.typedValues["LeadSource"] == "Phone Inquiry")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let body = try Self.body(post)
        #expect(body["DoNotCall"] as? Bool == true)
        #expect(body["LeadSource"] as? String == "Phone Inquiry")
    }

    @Test("a reference takes a name: several matches let the user choose, and the chosen name shows")
    func referenceChoose() throws {
        var model = try Self.openForm()
        for _ in 0..<4 { _ = model.handle(key: .tab) }
        _ = Fixtures.type("Acme", into: &model)
        let lookup = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let soql = lookup.queryItems.first { $0.name == "q" }?.value ?? ""
        #expect(soql == "SELECT Id, Name FROM Account WHERE Name LIKE '%Acme%' ORDER BY Name LIMIT 10")
        let found = Fixtures.page([
            ["attributes": ["type": "Account"], "Id": Self.accountA, "Name": "Acme Corp"],
            ["attributes": ["type": "Account"], "Id": Self.accountB, "Name": "Acme Labs"],
        ])
        #expect(Fixtures.sentRequests(model.handle(response: found, for: lookup.id)).isEmpty)
        let frame = Self.screen(model)
        #expect(frame.contains("Several Account records match; press 1 to 2 to choose."))
        #expect(frame.contains("2 Acme Labs"))
        _ = model.handle(key: .character("2"))
        #expect(Self.line(model, "AccountId").contains(": Acme Labs"))
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        #expect(post.method == .POST)
        #expect(try Self.body(post)["AccountId"] as? String == Self.accountB)
    }

    @Test("a reference's name with one match is taken and the save goes on; an Id is sent as it is")
    func referenceSingle() throws {
        var model = try Self.openForm()
        for _ in 0..<4 { _ = model.handle(key: .tab) }
        _ = Fixtures.type("Acme Corp", into: &model)
        let lookup = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let one = Fixtures.page([["attributes": ["type": "Account"], "Id": Self.accountA, "Name": "Acme Corp"]])
        let post = try #require(Fixtures.sentRequests(model.handle(response: one, for: lookup.id)).first)
        #expect(post.method == .POST)
        #expect(try Self.body(post)["AccountId"] as? String == Self.accountA)

        var byID = try Self.openForm()
        for _ in 0..<4 { _ = byID.handle(key: .tab) }
        _ = Fixtures.type(Self.accountB, into: &byID)
        let direct = try #require(Fixtures.sentRequests(byID.handle(key: .control("s"))).first)
        #expect(direct.method == .POST)
        #expect(try Self.body(direct)["AccountId"] as? String == Self.accountB)
    }

    @Test("e on a date checks it before sending and keeps the editor open; Space toggles a checkbox")
    func editorTyped() throws {
        var model = Fixtures.model(records: (0..<2).map(Self.record), query: Self.query)
        _ = model.handle(key: .character("l"))
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: Self.describe, for: describe.id)
        #expect(model.fieldEditor?.field == "Birthdate")
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("31/12/1990", into: &model)
        #expect(Fixtures.sentRequests(model.handle(key: .enter)).isEmpty)
        #expect(model.fieldEditor?.text.text == "31/12/1990", "nothing typed is lost")
        #expect(model.notices.statusMessage == "Birthdate must be a date such as 2026-11-27.")
        _ = model.handle(key: .escape)
        _ = model.handle(key: .character("l"))
        _ = model.handle(key: .character("e"))
        #expect(model.fieldEditor?.field == "DoNotCall")
        _ = model.handle(key: .character(" "))
        let patch = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        #expect(try Self.body(patch)["DoNotCall"] as? Bool == true)
    }
}

extension TypedFieldTests {
    @Test("e on a reference takes a name too: several matches, a digit chooses, and the PATCH sends its Id")
    func editorReference() throws {
        var model = Fixtures.model(records: (0..<2).map(Self.record), query: Self.query)
        for _ in 0..<4 { _ = model.handle(key: .character("l")) }
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: Self.describe, for: describe.id)
        #expect(model.fieldEditor?.field == "AccountId")
        _ = Fixtures.type("Acme", into: &model)
        let lookup = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        #expect(
            lookup.queryItems.first { $0.name == "q" }?.value.contains("FROM Account WHERE Name LIKE '%Acme%'") == true
        )
        let found = Fixtures.page([
            ["attributes": ["type": "Account"], "Id": Self.accountA, "Name": "Acme Corp"],
            ["attributes": ["type": "Account"], "Id": Self.accountB, "Name": "Acme Labs"],
        ])
        #expect(Fixtures.sentRequests(model.handle(response: found, for: lookup.id)).isEmpty)
        #expect(model.notices.statusMessage.contains("1 Acme Corp · 2 Acme Labs"))
        _ = model.handle(key: .character("1"))
        #expect(model.notices.statusMessage.contains("Acme Corp"))
        let patch = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        #expect(patch.method == .PATCH)
        #expect(try Self.body(patch)["AccountId"] as? String == Self.accountA)
    }
}
