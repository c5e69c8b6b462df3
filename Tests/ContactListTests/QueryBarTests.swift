import Foundation
import RestCore
import Testing

@testable import ContactList

/// `:`: the query bar edits the list's SOQL, runs it, keeps the rows when the org refuses it
/// (with a caret under the place it names), and keeps every pending change across the switch.
@Suite("The query bar")
struct QueryBarTests {
    static let refused = Fixtures.refusal(
        400, "MALFORMED_QUERY",
        "\nSELECT Id, Name FORM Contact\n                ^\nERROR at Row:1:Column:17\nunexpected token: 'FORM'")

    static func account(_ index: Int, _ name: String) -> [String: Any] {
        [
            "attributes": ["type": "Account", "url": "/x"], "Id": "001" + String(format: "%012d", index) + "AAA",
            "Name": name,
        ]
    }

    static func send(_ effects: [ContactListEffect]) -> RestRequest? { Fixtures.sentRequests(effects).first }

    @Test("Esc leaves everything as it was; nothing is sent")
    func escapeChangesNothing() {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character(":"))
        #expect(model.focus == .queryBar)
        #expect(model.queryBar?.field.text == Fixtures.query)
        _ = Fixtures.type(" LIMIT 1", into: &model)
        let effects = model.handle(key: .escape)
        #expect(effects.isEmpty && model.modes.modal == nil)
        #expect(model.query == Fixtures.query && model.dataRows.count == 3)
    }

    @Test("a refusal keeps the rows and shows the reason with a caret under its column; the fix loads")
    func refusalThenFix() throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("SELECT Id, Name FORM Contact", into: &model)
        let effects = model.handle(key: .enter)
        #expect(
            effects.contains { if case .rememberQuery("SELECT Id, Name FORM Contact") = $0 { true } else { false } })
        let first = try #require(Self.send(effects))
        #expect(model.dataRows.count == 3, "the rows stay while the query runs")
        _ = model.handle(response: Self.refused, for: first.id)
        let error = try #require(model.queryBar?.error)
        #expect(error.column == 17 && error.row == 1)
        #expect(error.reason == "MALFORMED_QUERY: unexpected token: 'FORM'")
        #expect(model.dataRows.count == 3 && model.query == Fixtures.query)
        let frame = ContactListScreen(model: model).frame(width: 100, height: 24).text
        let lines = frame.components(separatedBy: "\n")
        let queryLine = try #require(
            lines.firstIndex { $0.contains("SELECT Id, Name FORM Contact") && $0.contains("│") })
        let formColumn = try #require(lines[queryLine].range(of: "FORM")).lowerBound
        let caretColumn = try #require(lines[queryLine + 1].firstIndex(of: "^"))
        #expect(
            lines[queryLine].distance(from: lines[queryLine].startIndex, to: formColumn)
                == lines[queryLine + 1].distance(from: lines[queryLine + 1].startIndex, to: caretColumn))
        #expect(frame.contains("unexpected token: 'FORM'"))
        // Fixed: the new rows replace the old, with the new columns.
        for _ in 0..<8 { _ = model.handle(key: .left) }
        for _ in 0..<4 { _ = model.handle(key: .backspace) }
        _ = Fixtures.type("FROM", into: &model)
        let (soql, fixed) = (model.queryBar?.field.text, try #require(Self.send(model.handle(key: .enter))))
        #expect(soql == "SELECT Id, Name FROM Contact")
        _ = model.handle(response: Fixtures.page([Fixtures.contact(7)]), for: fixed.id)
        #expect(model.modes.modal == nil)
        #expect(model.query == "SELECT Id, Name FROM Contact")
        #expect(model.run.columns.map(\.field) == ["Name"])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(7)])
        #expect(ContactListScreen(model: model).frame(width: 100, height: 24).text.contains("Contact · query"))
    }

    @Test("a delete in flight for a record of the previous list still settles, and its alert names it")
    func pendingChangesSurviveASwitch() throws {
        var model = Fixtures.loadedModel(count: 3)
        let delete = try #require(Self.send(model.handle(key: .character("d"))))
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("SELECT Id, Name FROM Account", into: &model)
        // An Account list reads the describe first, so that its page counts each account's Contacts.
        let describe = try #require(Self.send(model.handle(key: .enter)))
        #expect(describe.path.hasSuffix("/sobjects/Account/describe/"))
        let switched = try #require(
            Self.send(model.handle(response: CascadeDeleteTests.describe, for: describe.id)))
        #expect(
            switched.queryItems.first { $0.name == "q" }?.value
                == "SELECT Id, Name, LastModifiedDate, (SELECT Id FROM Contacts LIMIT 200), (SELECT Id FROM Opportunities LIMIT 200) "
                + "FROM Account")
        _ = model.handle(response: Fixtures.page([Self.account(1, "Soylent")]), for: switched.id)
        #expect(model.dataRows.map(\.displayName) == ["Soylent"])
        #expect(model.dataRows.first?.dependents?.isEmpty == true, "the page counted the account's children")
        #expect(model.deleteRequests.count == 1)
        _ = model.handle(response: Fixtures.deleteFailed, for: delete.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.alerts.first?.message.hasPrefix("Contact 0000 was not deleted") == true)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) }, "a record of the old list does not join the new")
    }

    @Test("↑ and ↓ walk the history, newest first, and give back the text typed")
    func history() {
        var model = Fixtures.loadedModel(count: 1)
        model.modes.queryHistory = ["SELECT Id FROM Case", "SELECT Id FROM Account"]
        _ = model.handle(key: .character(":"))
        _ = Fixtures.type(" LIMIT 5", into: &model)
        _ = model.handle(key: .up)
        #expect(model.queryBar?.field.text == "SELECT Id FROM Case")
        _ = model.handle(key: .up)
        _ = model.handle(key: .up)
        #expect(model.queryBar?.field.text == "SELECT Id FROM Account")
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        #expect(model.queryBar?.field.text == Fixtures.query + " LIMIT 5")
    }

    @Test(
        "the org's message is read into a reason and a place",
        arguments: [
            (
                "\nSELECT Nme FROM Contact\n       ^\nERROR at Row:1:Column:8\nNo such column 'Nme' on entity 'Contact'.",
                8
            ),
            ("sObject type 'Acount' is not supported.", nil),
        ] as [(String, Int?)])
    func errorText(message: String, column: Int?) {
        let error = QueryError(code: "INVALID_FIELD", message: message)
        #expect(error.column == column)
        #expect(!error.reason.contains("\n") && !error.reason.contains("ERROR at Row"))
        #expect(error.reason.hasPrefix("INVALID_FIELD: "))
    }

    @Test("a switch from many rows to few starts on the first row (the old rows' place means nothing)")
    func switchToFewerRows() throws {
        var model = Fixtures.loadedModel(count: 300, visibleRows: 25)
        for _ in 0..<120 { _ = model.handle(key: .down) }
        #expect(model.viewport.selection == 120 && model.viewport.scrollOffset > 0)
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("SELECT Id, Name FROM Account", into: &model)
        let describe = try #require(Self.send(model.handle(key: .enter)))
        let request = try #require(Self.send(model.handle(response: CascadeDeleteTests.describe, for: describe.id)))
        _ = model.handle(response: Fixtures.page((0..<40).map { Self.account($0, "A \($0)") }), for: request.id)
        #expect(model.dataRows.count == 40 && model.viewport.selection == 0 && model.viewport.scrollOffset == 0)
        #expect(ContactListScreen(model: model).frame(width: 100, height: 30).text.contains("A 0"))
    }
}
