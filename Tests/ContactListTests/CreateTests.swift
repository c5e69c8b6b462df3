import Foundation
import RestCore
import Testing

@testable import ContactList

/// `c`: a typed form from the describe, an optimistic row on top, and a refusal or no answer that
/// never loses what was typed nor creates twice.
@Suite("Create a record with c")
struct CreateTests {
    /// Contact's describe, as far as the form reads it.
    static let describe: Result<RestResponse, RestClientError> = {
        func field(
            _ name: String, _ type: String, _ label: String, createable: Bool = true, nillable: Bool = true
        )
            -> [String: Any]
        {
            [
                "name": name, "type": type, "label": label, "createable": createable, "updateable": createable,
                "nillable": nillable, "calculated": false, "defaultedOnCreate": name == "OwnerId",
            ]
        }
        let fields: [[String: Any]] = [
            field("Id", "id", "Contact ID", createable: false, nillable: false),
            field("OwnerId", "reference", "Owner ID", nillable: false),
            field("Name", "string", "Full Name", createable: false, nillable: false),
            field("FirstName", "string", "First Name"),
            field("LastName", "string", "Last Name", nillable: false),
            field("Title", "string", "Title"),
            field("Email", "email", "Email"),
            field("Phone", "phone", "Phone"),
            field("Department", "string", "Department"),
        ]
        let data = try! JSONSerialization.data(
            withJSONObject: ["name": "Contact", "label": "Contact", "labelPlural": "Contacts", "fields": fields])
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }()

    static func screen(_ model: ContactListModel) -> String {
        ContactListScreen(model: model).frame(width: 100, height: 24).text
    }

    /// A loaded model with the form open (the describe answered).
    static func openForm() throws -> ContactListModel {
        var model = Fixtures.loadedModel(count: 3)
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("c"))).first)
        #expect(describe.path.hasSuffix("/sobjects/Contact/describe/"))
        #expect(model.focus == .createForm)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty, "the wait holds the keys")
        _ = model.handle(response: Self.describe, for: describe.id)
        return model
    }

    /// Fills LastName, then Email (Tab past Title and Email's order: LastName, Title, Email, Phone).
    static func fill(_ model: inout ContactListModel, last: String, email: String) {
        _ = Fixtures.type(last, into: &model)
        _ = model.handle(key: .tab)
        _ = model.handle(key: .tab)
        _ = Fixtures.type(email, into: &model)
    }

    static func created(_ id: String) -> Result<RestResponse, RestClientError> {
        let body = try! JSONSerialization.data(withJSONObject: ["id": id, "success": true, "errors": []])
        return .success(RestResponse(status: 201, headers: [:], body: Array(body)))
    }

    @Test("the form lists the required fields first, then the list's createable columns, then more fields…")
    func formOrder() throws {
        var model = try Self.openForm()
        let form = try #require(model.createForm)
        #expect(form.shownEntries.map(\.field) == ["LastName", "Title", "Email", "Phone"])
        let frame = Self.screen(model)
        #expect(frame.contains("New contact"))
        #expect(frame.contains("Last Name *"))
        #expect(frame.contains("more fields…"))
        #expect(!frame.contains("Department"))
        // Shift-Tab from the first line wraps to "more fields…"; Enter opens the rest.
        _ = model.handle(key: .backTab)
        #expect(model.createForm?.isOnMoreLine == true)
        _ = model.handle(key: .enter)
        #expect(
            model.createForm?.shownEntries.map(\.field) == [
                "LastName", "Title", "Email", "Phone", "OwnerId", "FirstName", "Department",
            ])
        #expect(Self.screen(model).contains("Department"))
    }

    @Test("Ctrl-S sends the POST; the row shows at once on top, marked pending; 201 gives it its Id")
    func accepted() throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nk@example.com")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        #expect(post.method == .POST)
        #expect(post.path.hasSuffix("/sobjects/Contact/"))
        let body = try JSONSerialization.jsonObject(with: Data(post.body ?? [])) as? [String: String]
        #expect(body == ["LastName": "Nakamura", "Email": "nk@example.com"])
        #expect(model.createForm == nil)
        #expect(model.dataRows.first?.displayName == "Nakamura")
        #expect(!model.changes.isEmpty, "q waits for the create")
        let lines = Self.screen(model).components(separatedBy: "\n")
        let row = try #require(lines.first { $0.contains("Nakamura") })
        #expect(row.hasPrefix("+"), "the pending row is marked")
        #expect(row.contains("nk@example.com"))
        let id = "003000000000099AAA"
        let totalBefore = model.run.totalSize
        let read = try #require(Fixtures.sentRequests(model.handle(response: Self.created(id), for: post.id)).first)
        #expect(read.path.hasSuffix("/sobjects/Contact/\(id)"), "reads the record back for Name and its date")
        #expect(model.dataRows.first?.id == id)
        #expect(model.run.totalSize == totalBefore + 1, "the status line's count includes the new record")
        #expect(model.changes.isEmpty)
        #expect(
            !(Self.screen(model).components(separatedBy: "\n").first { $0.contains("Nakamura") } ?? "").hasPrefix("+"))
        // The read-back tells who this session's user is, for a later create that gets no answer.
        let saved = try JSONSerialization.data(withJSONObject: [
            "attributes": ["type": "Contact"], "Id": id, "Name": "Nakamura", "Email": "nk@example.com",
            "LastModifiedById": "005000000000007AAA", "LastModifiedDate": "2026-11-27T00:30:00.000+0000",
        ])
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(saved))), for: read.id)
        #expect(model.userID == "005000000000007AAA")
        #expect(model.dataRows.first?.lastModifiedDate == "2026-11-27T00:30:00.000+0000")
    }

    @Test(
        "a refusal removes the row and reopens the form with every value and the org's message by its field",
        arguments: [
            ("INVALID_EMAIL_ADDRESS", "Email: invalid email address: nope", ["Email"], "Email"),
            ("REQUIRED_FIELD_MISSING", "Required fields are missing: [LastName]", ["LastName"], "LastName"),
            ("DUPLICATES_DETECTED", "Use one of these records?", [], nil),
            ("FIELD_CUSTOM_VALIDATION_EXCEPTION", "Title must not be Boss", ["Title"], "Title"),
        ])
    func refused(code: String, message: String, fields: [String], named: String?) throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nope")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let refusal: Result<RestResponse, RestClientError> = .failure(
            .apiInvocationFailed(
                status: 400, headers: [:],
                errors: [SalesforceError(message: message, errorCode: code, fields: fields)], rawBody: nil))
        _ = model.handle(response: refusal, for: post.id)
        #expect(!model.dataRows.contains { $0.id.hasPrefix("new:") })
        #expect(model.changes.isEmpty)
        let form = try #require(model.createForm)
        #expect(form.typedValues == ["LastName": "Nakamura", "Email": "nope"])
        if let named {
            #expect(form.entries.first { $0.field == named }?.error == message)
            #expect(form.entries[form.focus].field == named)
        } else {
            #expect(form.message == message)
        }
        let frame = Self.screen(model)
        #expect(frame.contains(message))
        #expect(frame.contains("Nakamura"))
    }

    @Test("no answer asks the org for a record created since, with the typed names; found, it is created")
    func unknownFound() throws {
        var model = try Self.openForm()
        model.userID = "005000000000001AAA"
        Self.fill(&model, last: "O'Hara", email: "oh@example.com")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let query = try #require(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: post.id)).first)
        #expect(query.method == .GET)
        let soql = query.queryItems.first { $0.name == "q" }?.value ?? ""
        #expect(soql.contains("CreatedById = '005000000000001AAA'"))
        #expect(soql.contains("CreatedDate >= "))
        #expect(soql.contains("LastName = 'O\\'Hara'"))
        #expect(!model.changes.isEmpty, "still pending while it is looked for")
        let id = "003000000000098AAA"
        _ = model.handle(response: Fixtures.page([["attributes": ["type": "Contact"], "Id": id]]), for: query.id)
        #expect(model.dataRows.first?.id == id)
        #expect(model.changes.isEmpty)
        #expect(model.createForm == nil)
    }

    @Test("no answer and no such record: the form comes back to send again, nothing sent twice by itself")
    func unknownNotFound() throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nk@example.com")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let query = try #require(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: post.id)).first)
        let effects = model.handle(response: Fixtures.page([]), for: query.id)
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(!model.dataRows.contains { $0.id.hasPrefix("new:") })
        #expect(model.createForm?.typedValues == ["LastName": "Nakamura", "Email": "nk@example.com"])
        #expect(Self.screen(model).contains("nothing was created"))
    }

    @Test("Esc with something typed asks first; any other key goes back; Esc again discards")
    func escapeAsks() throws {
        var model = try Self.openForm()
        _ = Fixtures.type("Nakamura", into: &model)
        _ = model.handle(key: .escape)
        #expect(model.createForm?.isConfirmingCancel == true)
        #expect(Self.screen(model).contains("Discard what you typed?"))
        _ = model.handle(key: .character("x"))
        #expect(model.createForm?.typedValues == ["LastName": "Nakamura"])
        _ = model.handle(key: .escape)
        _ = model.handle(key: .escape)
        #expect(model.createForm == nil)
        #expect(model.dataRows.count == 3)
        // An empty form closes at once.
        _ = model.handle(key: .character("c"))
        _ = model.handle(key: .escape)
        #expect(model.createForm == nil)
    }

    @Test("Enter moves on and saves on the last field; a paste is text")
    func enterSavesOnLast() throws {
        var model = try Self.openForm()
        _ = model.handle(key: .paste("Nakamura"))
        #expect(Fixtures.sentRequests(model.handle(key: .enter)).isEmpty)
        #expect(model.createForm?.entries[model.createForm!.focus].field == "Title")
        _ = model.handle(key: .enter)
        _ = model.handle(key: .enter)
        #expect(model.createForm?.entries[model.createForm!.focus].field == "Phone")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        #expect(post.method == .POST)
    }

    @Test("Shift-Tab arrives as ESC [ Z and moves back a field")
    func backTabDecodes() throws {
        #expect(InputDecoder.decode("[Z") == .backTab)
        var model = try Self.openForm()
        _ = model.handle(key: .tab)
        _ = model.handle(key: .backTab)
        #expect(model.createForm?.focus == 0)
    }

    @Test("q waits for a create in flight")
    func quitWaits() throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nk@example.com")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let quits = { (effects: [ContactListEffect]) in
            effects.contains { if case .quit = $0 { return true } else { return false } }
        }
        #expect(!quits(model.handle(key: .character("q"))))
        #expect(model.notices.statusMessage.contains("in flight"))
        #expect(!quits(model.quitWhenSettled()))
        _ = model.handle(response: Self.created("003000000000099AAA"), for: post.id)
        #expect(model.changes.isEmpty)
        #expect(quits(model.quitWhenSettled()), "the quit waited for the create, then quits")
    }

    @Test("a refresh while a create is in flight keeps its row on top; the 201 then gives it its Id")
    func refreshKeepsPending() throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nk@example.com")
        let post = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: refresh.id)
        #expect(model.dataRows.first?.displayName == "Nakamura")
        #expect(model.dataRows.first?.id.hasPrefix("new:") == true)
        _ = model.handle(response: Self.created("003000000000099AAA"), for: post.id)
        #expect(model.dataRows.map(\.id).filter { $0 == "003000000000099AAA" }.count == 1)
        #expect(model.dataRows.count == 4)
    }

    @Test("a pending row refuses d and e until the org answers")
    func pendingRefusesChanges() throws {
        var model = try Self.openForm()
        Self.fill(&model, last: "Nakamura", email: "nk@example.com")
        _ = model.handle(key: .control("s"))
        _ = model.handle(key: .home)
        #expect(model.selectedRecord?.id.hasPrefix("new:") == true)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        #expect(model.notices.statusMessage.contains("still being created"))
    }
}
