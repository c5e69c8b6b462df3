import Foundation
import RestCore
import Testing

@testable import ContactList

/// `p`: every change not settled, its kind, record, state and since when, in a box that holds
/// the keys until Esc.
@Suite("The outbox overlay (p)")
struct OutboxOverlayTests {
    static let madeAt = Date(timeIntervalSince1970: 1_795_000_000)

    static func screen(_ model: ContactListModel) -> String {
        ContactListScreen(model: model).frame(width: 110, height: 24).text
    }

    /// The line of the box that names `text`.
    static func line(_ model: ContactListModel, naming text: String) -> String? {
        screen(model).components(separatedBy: "\n").first {
            ($0.contains("sent") || $0.contains("unknown")) && $0.contains(text)
        }
    }

    @Test("p lists a delete in flight (sent, since when); no key reaches the list until Esc closes it")
    func listsAndHoldsKeys() throws {
        var model = Fixtures.loadedModel(count: 5)
        model.notices.now = { Self.madeAt }
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .character("p"))
        #expect(model.focus == .outbox)
        let line = try #require(Self.line(model, naming: Fixtures.id(0)))
        #expect(line.contains("delete"))
        #expect(line.contains("sent"))
        #expect(line.contains("Contact 0000"))
        #expect(line.contains(MessagesView.time(Self.madeAt)))
        #expect(Self.screen(model).contains("Outbox"))
        let selection = model.viewport.selection
        for key in [Key.character("d"), .character("j"), .character("q"), .enter, .character("c")] {
            #expect(model.handle(key: key).isEmpty, "\(key) reaches nothing")
        }
        #expect(model.focus == .outbox)
        #expect(model.viewport.selection == selection)
        #expect(model.deleteRequests.count == 1)
        _ = model.handle(key: .escape)
        #expect(model.focus == .list)
        #expect(!Self.screen(model).contains("Outbox"))
        // Settled, the change leaves the outbox.
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        _ = model.handle(key: .character("p"))
        #expect(Self.screen(model).contains("Nothing waits: every change is settled."))
    }

    @Test("G scrolls to the last change and no further: one line per change in flight")
    func scrollsToTheLastChange() throws {
        var model = Fixtures.loadedModel(count: 40)
        for _ in 0..<30 { _ = model.handle(key: .character("d")) }
        #expect(model.deleteRequests.count == 30)
        _ = model.handle(key: .character("p"))
        _ = model.handle(key: .character("G"))
        let page = MessagesView.visibleLines(listRows: model.visibleRowCount)
        #expect(page < 30, "the box holds fewer lines than there are changes")
        #expect(model.modes.modal == .outbox(scrollOffset: 30 - page))
    }

    @Test("a delete whose answer was lost shows unknown while it is read back")
    func unknownAfterLostAnswer() throws {
        var model = Fixtures.loadedModel(count: 5)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: .failure(.timedOut), for: delete.id)
        _ = model.handle(key: .character("p"))
        let line = try #require(Self.line(model, naming: Fixtures.id(0)))
        #expect(line.contains("unknown"))
    }

    @Test("changes a process that is gone left show as unknown, since the time they were made")
    func leftChanges() throws {
        var model = Fixtures.loadedModel(count: 5)
        let record = ContactRecord(
            id: "003000000000042AAA", objectType: "Contact", displayName: "Left Behind", values: [])
        _ = model.resumeLeftChanges([
            DurableChange(requestID: RestRequestID(), kind: .delete, record: record, query: nil, sentAt: Self.madeAt)
        ])
        _ = model.handle(key: .character("p"))
        let line = try #require(Self.line(model, naming: "Left Behind"))
        #expect(line.contains("delete"))
        #expect(line.contains("unknown"))
        #expect(line.contains(MessagesView.time(Self.madeAt)))
    }

    @Test("an edit in flight shows as edit, naming its field")
    func edit() throws {
        var model = Fixtures.loadedModel(count: 3)
        let record = try #require(model.selectedRecord)
        model.changes.recordUpdate(
            FieldUpdate(record: record, field: "Title", value: "CEO", sequence: 1), key: RestRequestID())
        model.changes.stampNew(at: Self.madeAt)
        _ = model.handle(key: .character("p"))
        let line = try #require(Self.line(model, naming: "Title"))
        #expect(line.contains("edit"))
    }

    @Test("the help lists p, in a read-only session too (it changes nothing)")
    func help() {
        for isReadOnly in [false, true] {
            #expect(
                HelpOverlay(isReadOnly: isReadOnly).lines.contains {
                    $0.text.hasPrefix("p ") && $0.text.contains("not settled")
                })
        }
    }

    @Test("p's rows are made once while nothing changes, and the box shows each change on the next frame")
    func rowsKeptUntilAChange() throws {
        var model = Fixtures.loadedModel(count: 5)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .down)
        _ = model.handle(key: .character("d"))
        _ = model.handle(key: .character("p"))
        #expect(Self.line(model, naming: Fixtures.id(0)) != nil)
        #expect(Self.line(model, naming: Fixtures.id(2)) != nil)
        let made = model.outboxCache
        #expect(made.isMade)
        // Frames of the spinner, and scrolling, change nothing the box lists: its rows are kept.
        model.tick()
        _ = model.handle(key: .character("j"))
        #expect(Self.line(model, naming: Fixtures.id(0)) != nil)
        #expect(model.outboxCache === made)
        // A settled change leaves the box on the next frame.
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(model.outboxCache !== made)
        #expect(Self.line(model, naming: Fixtures.id(0)) == nil)
        #expect(Self.line(model, naming: Fixtures.id(2)) != nil)
    }
}
