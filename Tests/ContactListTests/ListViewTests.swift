import Testing

@testable import ContactList

@Suite("List view")
struct ListViewTests {
    static let narrowQuery = "SELECT Id, Name, Email FROM Contact"

    @Test("draws the header, headings, rows, status and hints")
    func frame() async {
        let model = Fixtures.loadedModel(
            count: 3, visibleRows: ScreenLayout(screen: Rect(width: 40, height: 8)).visibleRowCount)
        var buffer = CellBuffer(width: 100, height: 8)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        let lines = buffer.text.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix(" Contact · query · 127.0.0.1:1 · v66.0"))
        #expect(lines[1].contains("Name") && lines[1].contains("Account Name"))
        #expect(lines[2].hasPrefix(" Contact 0000"))
        #expect(lines[4].hasPrefix(" Contact 0002"))
        #expect(lines[6].hasPrefix(" 3 of 3 loaded"))
        #expect(lines[7].contains("q quit"))
        // The selected row is drawn in reverse video across the whole width.
        #expect((0..<100).allSatisfy { buffer[$0, 2].style.reverse })
        #expect(!buffer[5, 3].style.reverse)
    }

    @Test("a 40x8 frame of two columns, as text")
    func smallFrame() async {
        let model = Fixtures.model(
            records: (0..<3).map { Fixtures.contact($0) }, query: Self.narrowQuery,
            visibleRows: ScreenLayout(screen: Rect(width: 40, height: 8)).visibleRowCount)
        let frame = ContactListScreen(model: model).frame(width: 40, height: 8).text
        #expect(
            frame == """
                 Contact · query · 127.0.0.1:1 · v66.0
                 Name                     Email
                 Contact 0000             c0@example.com
                 Contact 0001             c1@example.com
                 Contact 0002             c2@example.com

                 3 of 3 loaded
                 j/k move  Enter open  ? help  q quit
                """)
    }

    @Test("a terminal under 40x8 shows a notice instead of the list")
    func tooSmall() async {
        let model = Fixtures.loadedModel(count: 3)
        let frame = ContactListScreen(model: model).frame(width: 30, height: 6).text
        #expect(frame == "\n      Terminal too small\n          need 40×8\n          have 30×6\n\n")
    }

    @Test("wide, long and hostile names keep the columns aligned")
    func wideAndHostile() async {
        let model = Fixtures.model(
            records: [
                Fixtures.contact(0, name: "山田太郎😀"), Fixtures.contact(1, name: "\u{1B}]52;c;AAAA\u{7}Eve\u{202E}"),
                Fixtures.contact(2, name: "Maximilian Alexander Fitzgerald"),
            ], query: Self.narrowQuery, visibleRows: 4)
        let lines = ContactListScreen(model: model).frame(width: 40, height: 8).text.components(separatedBy: "\n")
        // Name gets 23 cells: the longest name (31) gives way down to what fits beside Email (14).
        #expect(lines[2] == " 山田太郎😀" + String(repeating: " ", count: 15) + "c0@example.com")
        #expect(lines[3] == " ␛]52;c;AAAA␇Eve" + String(repeating: " ", count: 10) + "c1@example.com")
        #expect(lines[4] == " Maximilian Alexander F…  c2@example.com")
    }

    @Test("the status line counts pending deletes with a spinner and shows the last message")
    func statusLine() async throws {
        var model = Fixtures.loadedModel(count: 4)
        _ = model.handle(key: .character("d"))
        _ = model.handle(key: .character("d"))
        #expect(StatusLine(model: model).text == " 2 of 4 loaded · ⠋ 2 deletes pending · Deleting Contact 0001…")
        model.tick()
        #expect(StatusLine(model: model).text.contains("⠙ 2 deletes pending"))
        #expect(model.needsAnimation)
    }

    @Test("the filter bar shows the query being typed, and the status its matches")
    func filterBar() async {
        var model = Fixtures.loadedModel(count: 12, visibleRows: 4)
        _ = Fixtures.type("/0 1", into: &model)
        let lines = ContactListScreen(model: model).frame(width: 40, height: 8).text.components(separatedBy: "\n")
        #expect(lines[7] == "/0 1▏" + String(repeating: " ", count: 26) + "0 matches")
        #expect(lines[6] == " 12 of 12 loaded · /0 1: 0 matches")
        _ = model.handle(key: .backspace)
        _ = model.handle(key: .backspace)
        #expect(model.shownCount == 12)
        _ = Fixtures.type("1", into: &model)
        let narrowed = ContactListScreen(model: model).frame(width: 40, height: 8).text.components(separatedBy: "\n")
        #expect(narrowed[6] == " 12 of 12 loaded · /01: 3 matches")
        #expect(narrowed[7] == "/01▏" + String(repeating: " ", count: 27) + "3 matches")
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).id } == [1, 10, 11].map(Fixtures.id))
    }
}
