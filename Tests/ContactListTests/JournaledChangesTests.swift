import RestCore
import Testing

@testable import ContactList

/// While the runner keeps a durable outbox, creates and undeletes are journaled as deletes and
/// updates are: each is recorded before its request, with what it needs to be reconciled at the
/// next start, and forgotten when it settles.
@Suite("Creates and undeletes in the journal of pending changes")
struct JournaledChangesTests {
    /// The change each `recordChange` effect carries, whether all come before the first `send`.
    static func recorded(_ effects: [ContactListEffect]) -> (changes: [DurableChange], beforeSend: Bool) {
        let changes = effects.compactMap { effect -> DurableChange? in
            if case .recordChange(let change) = effect { change } else { nil }
        }
        let send = effects.firstIndex { if case .send = $0 { true } else { false } } ?? -1
        let last = effects.lastIndex { if case .recordChange = $0 { true } else { false } } ?? .max
        return (changes, last < send)
    }

    static func forgets(_ effects: [ContactListEffect], _ key: RestRequestID) -> Bool {
        effects.contains { if case .forgetChange(let forgotten) = $0 { forgotten == key } else { false } }
    }

    @Test("a create is recorded with its typed values before the POST, and forgotten on its 201")
    func create() throws {
        var model = try CreateTests.openForm()
        model.journalsChanges = true
        CreateTests.fill(&model, last: "Nakamura", email: "nk@example.com")
        let effects = model.handle(key: .control("s"))
        let (changes, beforeSend) = Self.recorded(effects)
        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(beforeSend)
        #expect(change.kind == .create)
        #expect(change.typed == ["LastName": "Nakamura", "Email": "nk@example.com"])
        #expect(change.sentAt != nil)
        #expect(change.record.id.hasPrefix("new:"))
        let post = try #require(Fixtures.sentRequests(effects).first)
        let settled = model.handle(response: CreateTests.created("003000000000099AAA"), for: post.id)
        #expect(Self.forgets(settled, change.requestID))
    }

    @Test("an undelete is recorded before its SOAP call, and forgotten when the org restores the record")
    func undelete() throws {
        var model = try UndoTests.deletedOne()
        model.journalsChanges = true
        let effects = model.handle(key: .character("U"))
        let (changes, beforeSend) = Self.recorded(effects)
        let change = try #require(changes.first)
        #expect(changes.count == 1)
        #expect(beforeSend)
        #expect(change.kind == .undelete)
        #expect(change.record.id == Fixtures.id(2))
        let request = try #require(Fixtures.sentRequests(effects).first)
        let settled = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(2)]), for: request.id)
        #expect(Self.forgets(settled, change.requestID))
    }

    @Test("a create left by a gone process is looked for, not sent again; not found, one alert names it")
    func leftCreateNotFound() throws {
        var model = Fixtures.loadedModel(count: 3)
        model.journalsChanges = true
        let placeholder = ContactRecord(id: "new:1", objectType: "Contact", displayName: "Ann Lee", values: [])
        let effects = model.resumeLeftChanges([
            DurableChange(
                requestID: RestRequestID(), kind: .create, record: placeholder, query: nil,
                typed: ["FirstName": "Ann", "LastName": "Lee"], sentAt: model.notices.now())
        ])
        let sent = Fixtures.sentRequests(effects)
        #expect(sent.count == 2)
        let describe = try #require(sent.first { $0.path.hasSuffix("/sobjects/Contact/describe/") })
        let query = try #require(sent.first { $0.queryItems.contains { $0.name == "q" } })
        let soql = query.queryItems.first { $0.name == "q" }?.value ?? ""
        #expect(soql.contains("FirstName = 'Ann'") && soql.contains("LastName = 'Lee'"))
        _ = model.handle(response: CreateTests.describe, for: describe.id)
        let entry = try #require(Self.recorded(effects).changes.first)
        #expect(entry.kind == .create)
        let settled = model.handle(response: Fixtures.page([]), for: query.id)
        #expect(Fixtures.sentRequests(settled).isEmpty)
        #expect(Self.forgets(settled, entry.requestID))
        #expect(
            model.notices.alerts.map(\.message) == [
                "The create of Ann Lee did not reach the org (FirstName: Ann, LastName: Lee). "
                    + "Press c for the form with these values."
            ])
        #expect(!model.dataRows.contains { $0.id.hasPrefix("new:") })
        #expect(model.changes.isEmpty)
        // c gives back c's own form of Contact, typed by its describe, with the values.
        _ = model.handle(key: .enter)
        _ = model.handle(key: .character("c"))
        let form = try #require(model.createForm)
        #expect(form.typedValues == ["FirstName": "Ann", "LastName": "Lee"])
        #expect(form.entries.first { $0.field == "LastName" }?.label == "Last Name")
        #expect(form.showsMore, "FirstName is behind more fields…, shown since it holds a value")
    }

    @Test("a left create of another object, found, settles without a row in this list")
    func leftCreateOfAnotherObjectFound() throws {
        var model = Fixtures.loadedModel(count: 3)
        let rows = model.dataRows.map(\.id)
        let placeholder = ContactRecord(id: "new:1", objectType: "Account", displayName: "Acme", values: [])
        let effects = model.resumeLeftChanges([
            DurableChange(
                requestID: RestRequestID(), kind: .create, record: placeholder, query: nil, typed: ["Name": "Acme"],
                sentAt: model.notices.now())
        ])
        #expect(model.dataRows.map(\.id) == rows, "no placeholder in a list of contacts")
        #expect(
            model.notices.statusMessage == "From the last session: 1 create being checked",
            "its describe is not counted as a delete")
        let query = try #require(Fixtures.sentRequests(effects).first { $0.queryItems.contains { $0.name == "q" } })
        #expect(query.queryItems.first { $0.name == "q" }?.value.contains("FROM Account WHERE") == true)
        let found = Fixtures.page([["attributes": ["type": "Account"], "Id": "001000000000001AAA"]])
        _ = model.handle(response: found, for: query.id)
        #expect(model.dataRows.map(\.id) == rows)
        #expect(model.changes.isEmpty)
        #expect(model.notices.alerts.isEmpty)
    }
}
