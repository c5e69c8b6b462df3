import Foundation
import RestCore
import Testing

@testable import ContactList

/// Values as Salesforce sends them: headings in the org's spelling, a compound address as one
/// line, a null relationship as an empty cell; in the list and in the detail view.
@Suite("Field names and values")
struct FieldValueTests {
    static var address: [String: Any] {
        [
            "city": "Paris", "country": "France", "geocodeAccuracy": NSNull(), "latitude": NSNull(),
            "longitude": NSNull(), "postalCode": "75001", "state": NSNull(), "street": "1 Rue de Rivoli",
        ]
    }

    /// A contact with a mailing address, and with no account when `index` is even.
    static func contact(_ index: Int) -> [String: Any] {
        var record = Fixtures.contact(index)
        record["MailingAddress"] = address
        if index.isMultiple(of: 2) { record["Account"] = NSNull() }
        return record
    }

    static func lines(_ model: ContactListModel, width: Int = 100, height: Int = 8) -> [String] {
        ContactListScreen(model: model).frame(width: width, height: height).text.components(separatedBy: "\n")
    }

    @Test("a lower-case query shows the org's spelling in its headings once the data has it")
    func headingsInTheOrgsSpelling() {
        let model = Fixtures.model(
            records: (0..<3).map(Self.contact), query: "select id, name, account.name, mailingaddress from contact",
            visibleRows: 4)
        #expect(model.run.columns.map(\.title) == ["Name", "Account Name", "MailingAddress"])
        let lines = Self.lines(model)
        #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true).first == "Name")
        #expect(lines[1].contains("Account Name"))
        #expect(lines[1].contains("MailingAddress"))
    }

    @Test("a field no record has keeps the query's spelling")
    func headingWithoutData() {
        let model = Fixtures.model(
            records: [Self.contact(0)], query: "select id, name, account.name from contact", visibleRows: 4)
        #expect(model.run.columns.map(\.title) == ["Name", "account name"])
    }

    @Test("a compound address is one line and a null relationship is empty, never null")
    func addressAndNullRelationship() throws {
        let model = Fixtures.model(
            records: (0..<2).map(Self.contact), query: "SELECT Id, Name, Account.Name, MailingAddress FROM Contact",
            visibleRows: 4)
        #expect(model.dataRows[0].values == ["Contact 0000", "", "1 Rue de Rivoli, Paris, 75001, France"])
        #expect(model.dataRows[1].values == ["Contact 0001", "Account 1", "1 Rue de Rivoli, Paris, 75001, France"])
        let text = Self.lines(model, width: 200).joined(separator: "\n")
        #expect(text.contains("1 Rue de Rivoli, Paris, 75001, France"))
        #expect(!text.contains("null"))
    }

    @Test("the detail view shows the address on one line and a null relationship as empty")
    func detailView() throws {
        var model = Fixtures.model(records: [Self.contact(0)], visibleRows: 8)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        let body = try JSONSerialization.data(withJSONObject: Self.contact(0))
        _ = model.handle(
            response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: request.id)
        guard case .detail(let detail) = model.modes.mode, case .fields(let fields) = detail.content else {
            Issue.record("the detail view shows no fields")
            return
        }
        #expect(fields.first { $0.name == "MailingAddress" }?.value == "1 Rue de Rivoli, Paris, 75001, France")
        #expect(fields.first { $0.name == "Account" }?.value == "")
        #expect(!fields.contains { $0.name.hasPrefix("MailingAddress.") })
        let text = Self.lines(model, width: 80, height: 16).joined(separator: "\n")
        #expect(text.contains("MailingAddress  1 Rue de Rivoli, Paris, 75001, France"))
        #expect(!text.contains("null"))
    }

    @Test(
        "an object is an address only when its keys are an address's",
        arguments: [
            (#"{"street":"1 Main St","city":"Oslo"}"#, "1 Main St, Oslo"),
            (#"{"city":"Oslo","country":"Norway","latitude":59.9}"#, "Oslo, Norway"),
            (#"{"street":"","city":null,"state":"CA","country":"USA"}"#, "CA, USA"),
        ])
    func addresses(json: String, line: String) throws {
        let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
        #expect(ContactRecord.text(of: value) == line)
    }

    @Test("a related record or a subquery is not an address")
    func notAddresses() throws {
        for json in [#"{"attributes":{"type":"Account"},"Name":"Acme"}"#, #"{"totalSize":1,"done":true,"records":[]}"#]
        {
            let value = try JSONDecoder().decode(JSONValue.self, from: Data(json.utf8))
            #expect(ContactRecord.text(of: value) == "")
        }
    }
}
