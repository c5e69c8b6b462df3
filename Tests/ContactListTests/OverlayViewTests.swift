import RestCore
import Testing

@testable import ContactList

@Suite("Alert, help and detail views")
struct OverlayViewTests {
    static let locked = Fixtures.refusal(
        400, "UNABLE_TO_LOCK_ROW", "unable to obtain exclusive access to this record\n")

    @Test("the alert is a framed modal with the server's message naming the contact, wrapped")
    func alert() async throws {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 4)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Self.locked, for: request.id)
        let frame = ContactListScreen(model: model).frame(width: 40, height: 9).text
        #expect(
            frame == """
                 Contact · query · 127.0.0.1:1 · v66.0
                ┌─ Cannot delete item ─────────────────┐
                │                                      │
                │ Contact 0000 was not deleted: unable │
                │ to obtain exclusive access to this   │
                │ record                               │
                │                                      │
                └────────────────────── Enter dismiss ─┘
                 Enter/Esc/Space dismiss  ^C quit
                """)
    }

    @Test("already deleted: no modal, the status line names the contact")
    func alreadyDeleted() async throws {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 4)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.refusal(404, "ENTITY_IS_DELETED"), for: request.id)
        let lines = ContactListScreen(model: model).frame(width: 60, height: 8).text.components(separatedBy: "\n")
        #expect(!lines.contains { $0.contains("┌") })
        #expect(lines[6] == " 2 of 2 loaded · Contact 0000 was already deleted")
    }

    @Test("no answer and the read-back refused: the modal says the outcome is unknown, naming the contact and r")
    func outcomeUnknown() async throws {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 4)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: request.id)).first)
        // (A read with no answer either leaves the delete pending: `DeleteOutcomeTests`.)
        _ = model.handle(response: Fixtures.refusal(500, "UNKNOWN_EXCEPTION"), for: read.id)
        let frame = ContactListScreen(model: model).frame(width: 50, height: 10).text
        #expect(
            frame == """
                 Contact · query · 127.0.0.1:1 · v66.0
                ┌─ Delete outcome unknown ───────────────────────┐
                │                                                │
                │ The server did not answer and Contact 0000     │
                │ could not be read back; it may have been       │
                │ deleted. Press r to see the list as the server │
                │ has it.                                        │
                │                                                │
                └──────────────────────────────── Enter dismiss ─┘
                 Enter/Esc/Space dismiss  ^C quit
                """)
    }

    @Test("queued alerts say 1 of N")
    func queued() async throws {
        var model = Fixtures.loadedModel(count: 5, visibleRows: 4)
        var ids: [RestRequestID] = []
        for _ in 0..<3 { ids += Fixtures.sentRequests(model.handle(key: .character("d"))).map(\.id) }
        for id in ids { _ = model.handle(response: Self.locked, for: id) }
        let lines = ContactListScreen(model: model).frame(width: 40, height: 9).text.components(separatedBy: "\n")
        #expect(lines.contains("┌─ Cannot delete item ──────── 1 of 3 ─┐"))
        _ = model.handle(key: .enter)
        let next = ContactListScreen(model: model).frame(width: 40, height: 9).text.components(separatedBy: "\n")
        #expect(next.contains("┌─ Cannot delete item ──────── 1 of 2 ─┐"))
    }

    @Test("the help lists the keys in a box, by section, and says how far it is scrolled")
    func help() async {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 14)
        _ = model.handle(key: .character("?"))
        let lines = ContactListScreen(model: model).frame(width: 60, height: 18).text.components(separatedBy: "\n")
        let margin = String(repeating: " ", count: 7)
        let row = { (text: String) in margin + "│ " + DisplayWidth.pad(text, toWidth: 42) + " │" }
        #expect(lines[0] == " contact-tui · Keys")
        #expect(
            lines[1] == margin + "┌─ Keys " + String(repeating: "─", count: 29) + " 12/\(HelpOverlay.lines.count) ─┐")
        #expect(lines[2] == margin + "│" + String(repeating: " ", count: 44) + "│")
        #expect(lines[3] == row("List"))
        #expect(lines[4] == row("j k ↓ ↑          move the selection"))
        #expect(lines[5] == row("wheel            move three rows"))
        #expect(lines[6] == row("click, 2 clicks  select, open details"))
        #expect(lines[10] == row("d Delete         delete the row"))
        #expect(lines[14] == row("r                refresh from the server"))
        #expect(lines[15] == margin + "└" + String(repeating: "─", count: 12) + " j/k scroll · other keys close ─┘")
        #expect(lines[16] == " 3 of 3 loaded")
        #expect(lines[17] == " j/k scroll  any other key closes the help")
    }

    @Test("the detail view lists every field of the retrieve, Id and Name first")
    func detail() async throws {
        var model = Fixtures.loadedModel(
            count: 3, visibleRows: ScreenLayout(screen: Rect(width: 50, height: 10)).visibleRowCount)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        let loading = ContactListScreen(model: model).frame(width: 50, height: 10).text.components(separatedBy: "\n")
        #expect(loading[0] == " Contact · Contact 0000")
        #expect(loading[2] == " ⠋ Loading every field…")
        _ = model.handle(response: Fixtures.retrieved(0), for: request.id)
        let lines = ContactListScreen(model: model).frame(width: 50, height: 10).text.components(separatedBy: "\n")
        #expect(lines[2] == " Id            \(Fixtures.id(0))")
        #expect(lines[3] == " Name          Contact 0000")
        #expect(lines[4] == " Account.Name  Account 0")
        #expect(lines[5] == " Department    Sales")
        #expect(lines[9] == " j/k scroll  e edit  Esc/q back  ^C quit")
        _ = model.handle(key: .down)
        let scrolled = ContactListScreen(model: model).frame(width: 50, height: 10).text.components(separatedBy: "\n")
        #expect(scrolled[2] == " Name          Contact 0000")
    }
}
