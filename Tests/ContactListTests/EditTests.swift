import Foundation
import RestCore
import Testing

@testable import ContactList

/// `e`: the field under the column cursor edited in place, saved optimistically with a PATCH and
/// rolled back when the org refuses it.
@Suite("Edit in place, with rollback")
struct EditTests {
    /// Contact's describe, as far as editing reads it.
    static let describe: Result<RestResponse, RestClientError> = {
        let fields: [[String: Any]] = [
            ["name": "Id", "type": "id", "updateable": false, "calculated": false],
            ["name": "Name", "type": "string", "updateable": false, "calculated": false],
            ["name": "FirstName", "type": "string", "updateable": true, "calculated": false],
            ["name": "LastName", "type": "string", "updateable": true, "calculated": false],
            ["name": "Title", "type": "string", "updateable": true, "calculated": false],
            ["name": "Email", "type": "email", "updateable": true, "calculated": false],
            ["name": "Phone", "type": "phone", "updateable": true, "calculated": false],
            ["name": "Score__c", "type": "double", "updateable": false, "calculated": true],
            ["name": "MailingAddress", "type": "address", "updateable": false, "calculated": false],
        ]
        let data = try! JSONSerialization.data(withJSONObject: ["name": "Contact", "fields": fields])
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }()

    static let invalidEmail = Fixtures.refusal(400, "INVALID_EMAIL_ADDRESS", "Email: invalid email address: nope")

    /// A loaded model whose describe has arrived, the column cursor on `column` (Email by default).
    static func model(column: Int = 2) throws -> ContactListModel {
        var model = Fixtures.loadedModel(count: 5)
        for _ in 0..<column { _ = model.handle(key: .character("l")) }
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: describe, for: request.id)
        _ = model.handle(key: .escape)
        return model
    }

    /// Opens the editor, replaces its text with `text` and presses Enter; returns the PATCH.
    static func edit(_ model: inout ContactListModel, to text: String) throws -> RestRequest {
        _ = model.handle(key: .character("e"))
        #expect(model.fieldEditor != nil)
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type(text, into: &model)
        return try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
    }

    static func email(_ model: ContactListModel, row: Int = 0) -> String {
        model.dataRows.first { $0.id == Fixtures.id(row) }?.value(at: 2) ?? "(gone)"
    }

    @Test("the first e fetches the describe and then opens the editor; later ones reuse it")
    func describeOnce() throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("l"))
        _ = model.handle(key: .character("l"))
        let sent = Fixtures.sentRequests(model.handle(key: .character("e")))
        #expect(sent.count == 1)
        #expect(sent[0].path.hasSuffix("/sobjects/Contact/describe/"))
        #expect(model.notices.statusMessage == "Reading the fields of Contact… (Esc cancels)")
        #expect(Fixtures.sentRequests(model.handle(key: .character("e"))).isEmpty, "no second describe meanwhile")
        _ = model.handle(response: Self.describe, for: sent[0].id)
        #expect(model.fieldEditor?.field == "Email")
        #expect(model.fieldEditor?.text.text == "c0@example.com")
        _ = model.handle(key: .escape)
        #expect(model.fieldEditor == nil)
        #expect(Fixtures.sentRequests(model.handle(key: .character("e"))).isEmpty)
        #expect(model.fieldEditor?.field == "Email")
    }

    @Test("Esc cancels: nothing is sent and the value stays")
    func escapeCancels() throws {
        var model = try Self.model()
        _ = model.handle(key: .character("e"))
        _ = Fixtures.type("zzz", into: &model)
        #expect(Fixtures.sentRequests(model.handle(key: .escape)).isEmpty)
        #expect(model.fieldEditor == nil)
        #expect(model.updateRequests.isEmpty)
        #expect(Self.email(model) == "c0@example.com")
    }

    @Test(
        "a field that cannot be edited says why in one sentence",
        arguments: [
            (0, "Name is built from FirstName and LastName; edit those instead."),
            (4, "Account.Name belongs to a related record and cannot be edited here."),
        ])
    func notEditable(column: Int, sentence: String) throws {
        var model = try Self.model(column: column)
        #expect(Fixtures.sentRequests(model.handle(key: .character("e"))).isEmpty)
        #expect(model.fieldEditor == nil)
        #expect(model.notices.statusMessage == sentence)
        #expect(ContactListScreen(model: model).frame(width: 120, height: 12).text.contains(sentence))
    }

    @Test("the reasons for Id, formula and compound fields")
    func reasons() {
        guard case .success(let response) = Self.describe, let json = try? response.decode(JSONValue.self) else {
            Issue.record("no describe")
            return
        }
        let fields = ObjectFields(json: json)
        #expect(fields.whyNotEditable("Id", objectType: "Contact") == "Id is the record's id and cannot be changed.")
        #expect(
            fields.whyNotEditable("score__c", objectType: "Contact")
                == "Score__c is a formula field and cannot be edited.")
        #expect(
            fields.whyNotEditable("MailingAddress", objectType: "Contact")
                == "MailingAddress is a compound field; edit its parts (such as MailingStreet) instead.")
        #expect(fields.whyNotEditable("Nope", objectType: "Contact") == "Contact has no field Nope to edit.")
        #expect(fields.whyNotEditable("email", objectType: "Contact") == nil)
    }

    @Test("Enter shows the new value at once and sends a PATCH of that field, kept by its id")
    func optimistic() throws {
        var model = try Self.model()
        let request = try Self.edit(&model, to: "new@example.com")
        #expect(request.method == .PATCH)
        #expect(request.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(0))"))
        #expect(request.body.map { String(decoding: $0, as: UTF8.self) } == #"{"Email":"new@example.com"}"#)
        #expect(model.updateRequests[request.id]?.value == "new@example.com")
        #expect(Self.email(model) == "new@example.com")
        let frame = ContactListScreen(model: model).frame(width: 120, height: 12).text
        #expect(frame.contains("new@example.com"))
        #expect(frame.contains("1 update pending"))

        _ = model.handle(response: Fixtures.noContent, for: request.id)
        #expect(model.updateRequests.isEmpty)
        #expect(Self.email(model) == "new@example.com")
        #expect(model.notices.alerts.isEmpty)
        #expect(model.notices.statusMessage == "Saved Email of Contact 0000")
    }

    @Test("a refusal puts the old value back with the alert and the server's message")
    func rollback() throws {
        var model = try Self.model()
        let request = try Self.edit(&model, to: "nope")
        #expect(Self.email(model) == "nope")
        _ = model.handle(response: Self.invalidEmail, for: request.id)
        #expect(Self.email(model) == "c0@example.com")
        #expect(model.updateRequests.isEmpty)
        #expect(
            model.notices.alerts == [
                Alert(
                    title: "Cannot update item",
                    message: "Email of Contact 0000 was not changed: Email: invalid email address: nope")
            ])
    }

    @Test("no answer reads the field back, and the value read wins", arguments: ["new@example.com", "c0@example.com"])
    func unknownOutcome(readBack: String) throws {
        var model = try Self.model()
        let request = try Self.edit(&model, to: "new@example.com")
        let lost = RestClientError.apiInvocationFailed(status: 502, headers: [:], errors: [], rawBody: nil)
        let read = try #require(Fixtures.sentRequests(model.handle(response: .failure(lost), for: request.id)).first)
        #expect(read.method == .GET)
        #expect(read.queryItems.contains { $0.name == "fields" && $0.value == "Email,LastModifiedDate" })
        #expect(model.updateRequests[request.id] != nil, "pending until read back")
        #expect(Self.email(model) == "new@example.com")
        let body = try JSONSerialization.data(withJSONObject: ["Id": Fixtures.id(0), "Email": readBack])
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: read.id)
        #expect(model.updateRequests.isEmpty)
        #expect(Self.email(model) == readBack)
        #expect(model.notices.alerts.isEmpty)
    }

    @Test("of two edits of one field the later one shows; the earlier's rollback does not clobber it")
    func laterWins() throws {
        var model = try Self.model()
        let first = try Self.edit(&model, to: "first@example.com")
        let second = try Self.edit(&model, to: "second@example.com")
        #expect(Self.email(model) == "second@example.com")
        _ = model.handle(response: Self.invalidEmail, for: first.id)
        #expect(Self.email(model) == "second@example.com")
        #expect(model.notices.alerts.count == 1)
        _ = model.handle(response: Fixtures.noContent, for: second.id)
        #expect(Self.email(model) == "second@example.com")
    }

    /// How the org's value of a field becomes known while an update of it is in flight.
    enum OrgValueMeanwhile: CaseIterable, Sendable, CustomTestStringConvertible {
        case earlierUpdateSaved, refreshRead

        var testDescription: String {
            switch self {
            case .earlierUpdateSaved: "an earlier update of the field is saved"
            case .refreshRead: "a refresh reads the record"
            }
        }
    }

    @Test(
        "an update in flight keeps showing its value while the org's value becomes known; refused, the field shows the org's",
        arguments: OrgValueMeanwhile.allCases)
    func refusalShowsOrgValue(meanwhile: OrgValueMeanwhile) throws {
        var model = try Self.model()
        let earlier = try meanwhile == .earlierUpdateSaved ? Self.edit(&model, to: "earlier@example.com") : nil
        let update = try Self.edit(&model, to: "later")
        let orgValue: String
        switch meanwhile {
        case .earlierUpdateSaved:
            _ = try model.handle(response: Fixtures.noContent, for: #require(earlier).id)
            orgValue = "earlier@example.com"
        case .refreshRead:
            let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
            _ = model.handle(response: Fixtures.page((0..<5).map { Fixtures.contact($0) }), for: refresh.id)
            orgValue = "c0@example.com"
        }
        #expect(Self.email(model) == "later")
        _ = model.handle(response: Self.invalidEmail, for: update.id)
        #expect(Self.email(model) == orgValue)
    }

    @Test("the editor closes when its row leaves the list")
    func vanishedRowCancels() throws {
        var model = try Self.model()
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        _ = model.handle(key: .character("e"))
        #expect(model.fieldEditor?.record.id == Fixtures.id(0))
        _ = model.handle(response: Fixtures.page((1..<5).map { Fixtures.contact($0) }), for: refresh.id)
        #expect(model.fieldEditor == nil)
        #expect(model.notices.statusMessage == "Contact 0000 is gone from the list; the edit was cancelled")
    }

    @Test("the editor takes the line editor's keys and a paste")
    func editingKeys() throws {
        var model = try Self.model()
        _ = model.handle(key: .character("e"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("x y", into: &model)
        _ = model.handle(key: .control("w"))
        _ = model.handle(key: .paste("a@b.\ncom"))
        _ = model.handle(key: .home)
        _ = model.handle(key: .delete)
        #expect(model.fieldEditor?.text.text == " a@b. com")
        let frame = ContactListScreen(model: model).frame(width: 120, height: 12).text
        #expect(frame.contains("Email:  a@b. com"))
    }

    @Test("q waits for updates in flight")
    func quitWaits() throws {
        var model = try Self.model()
        let request = try Self.edit(&model, to: "new@example.com")
        #expect(model.handle(key: .character("q")).isEmpty)
        #expect(model.notices.statusMessage == "1 change still in flight — q again to quit now")
        _ = model.handle(response: Fixtures.noContent, for: request.id)
        #expect(model.quitWhenSettled().contains { if case .quit = $0 { true } else { false } })
    }

    @Test("in the detail view e edits the selected line, which j moves")
    func detailEdit() throws {
        var model = try Self.model()
        let retrieve = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        _ = model.handle(response: Fixtures.retrieved(0), for: retrieve.id)
        guard case .detail(let detail) = model.modes.mode, case .fields(let lines) = detail.content else {
            Issue.record("no detail")
            return
        }
        let titleLine = try #require(lines.firstIndex { $0.name == "Title" })
        for _ in 0..<titleLine { _ = model.handle(key: .character("j")) }
        _ = model.handle(key: .character("e"))
        #expect(model.fieldEditor?.field == "Title")
        #expect(model.fieldEditor?.inDetail == true)
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("Boss", into: &model)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        guard case .detail(let after) = model.modes.mode, case .fields(let shown) = after.content else {
            Issue.record("no detail")
            return
        }
        #expect(shown[titleLine].value == "Boss")
        #expect(model.dataRows[0].value(at: 1) == "Boss", "the list's Title column follows")
        _ = model.handle(
            response: Fixtures.refusal(400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", "No bosses"), for: request.id)
        guard case .detail(let rolledBack) = model.modes.mode, case .fields(let restored) = rolledBack.content else {
            Issue.record("no detail")
            return
        }
        #expect(restored[titleLine].value == "Title 0")
        #expect(model.dataRows[0].value(at: 1) == "Title 0")
        #expect(model.notices.alerts.first?.title == "Cannot update item")
    }
}
