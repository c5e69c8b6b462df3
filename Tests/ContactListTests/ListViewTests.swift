import Testing

@testable import ContactList

@Suite("List view")
struct ListViewTests {
    @Test("draws the header, headings, rows, status and hints")
    func frame() async {
        let client = Fixtures.client()
        let model = Fixtures.loadedModel(count: 3, client: client, visibleRows: ListView.listRows(forHeight: 8))
        var buffer = CellBuffer(width: 100, height: 8)
        ListView().render(model, into: &buffer)
        let lines = buffer.text.components(separatedBy: "\n")
        #expect(lines[0].hasPrefix(" contact-tui · 127.0.0.1:1 · v66.0"))
        #expect(lines[1].contains("Name") && lines[1].contains("Account Name"))
        #expect(lines[2].hasPrefix(" Contact 0000"))
        #expect(lines[4].hasPrefix(" Contact 0002"))
        #expect(lines[6].hasPrefix(" 3 of 3 loaded"))
        #expect(lines[7].contains("q quit"))
        // The selected row is drawn in reverse video across the whole width.
        #expect((0..<100).allSatisfy { buffer[$0, 2].style.reverse })
        #expect(!buffer[5, 3].style.reverse)
        await client.shutdown()
    }

    @Test("a terminal under 40x8 shows a notice instead of the list")
    func tooSmall() async {
        let client = Fixtures.client()
        let model = Fixtures.loadedModel(count: 3, client: client)
        var buffer = CellBuffer(width: 30, height: 6)
        ListView().render(model, into: &buffer)
        #expect(buffer.text.contains("Terminal too small"))
        #expect(!buffer.text.contains("Contact 0000"))
        await client.shutdown()
    }

    @Test("wide and hostile names keep the columns aligned")
    func wideAndHostile() async {
        let client = Fixtures.client()
        var model = ContactListModel(query: "SELECT Id, Name, Email FROM Contact", origin: "o", requests: client)
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(
            response: Fixtures.page([
                Fixtures.contact(0, name: "山田太郎😀"), Fixtures.contact(1, name: "\u{1B}]52;c;AAAA\u{7}Eve"),
            ]), for: first.id)
        var buffer = CellBuffer(width: 50, height: 8)
        ListView().render(model, into: &buffer)
        let emailColumn = 1 + ListView.columnWidths(for: model.columns, totalWidth: 49)[0] + 2
        #expect(buffer[emailColumn, 2].grapheme == "c")
        #expect(buffer[emailColumn, 3].grapheme == "c")
        #expect(buffer.text.contains("␛]52;c;AAAA␇Eve"))
        await client.shutdown()
    }
}
