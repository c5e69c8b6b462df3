import Testing

@testable import ContactList

@Suite("Column cursor")
struct ColumnCursorTests {
    @Test("starts on the first column; h l ← → move it and stop at the ends")
    func movesAndClamps() {
        var model = Fixtures.loadedModel(count: 3)
        #expect(model.viewport.columnCursor == 0)
        #expect(model.cursorColumn?.field == "Name")
        _ = model.handle(key: .character("h"))
        #expect(model.viewport.columnCursor == 0)
        _ = model.handle(key: .character("l"))
        _ = model.handle(key: .right)
        #expect(model.cursorColumn?.field == "Email")
        _ = model.handle(key: .left)
        #expect(model.cursorColumn?.field == "Title")
        for _ in 0..<10 { _ = model.handle(key: .character("l")) }
        #expect(model.viewport.columnCursor == model.run.columns.count - 1)
        #expect(model.cursorColumn?.field == "Account.Name")
        // The row selection does not move with the column cursor.
        #expect(model.viewport.selection == 0)
    }

    @Test("the heading under the cursor is drawn in reverse video, the others are not")
    func headingShowsCursor() {
        var model = Fixtures.model(
            records: (0..<3).map { Fixtures.contact($0) }, query: "SELECT Id, Name, Email FROM Contact")
        _ = model.handle(key: .character("l"))
        var buffer = CellBuffer(width: 40, height: 8)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        let heading = buffer.text.components(separatedBy: "\n")[1]
        let email = heading.distance(from: heading.startIndex, to: heading.range(of: "Email")!.lowerBound)
        #expect(buffer[email, 1].style.reverse)
        #expect(!buffer[1, 1].style.reverse)
    }

    @Test("← → still move the filter's text cursor while a filter is typed")
    func filterKeepsArrows() {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("ab", into: &model)
        _ = model.handle(key: .left)
        #expect(model.viewport.columnCursor == 0)
        #expect(model.modes.filterField.cursor == 1)
    }
}
