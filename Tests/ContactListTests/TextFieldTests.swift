import Testing

@testable import ContactList

@Suite("The filter's text field")
struct TextFieldTests {
    @Test("←/→, Home/End move the cursor; typing inserts at it; Backspace and Delete around it")
    func cursor() {
        var field = TextField("ada")
        field.moveLeft()
        field.insert("n")
        #expect(field.text == "adna" && field.cursor == 3)
        field.moveToStart()
        field.moveLeft()
        field.insert("M")
        #expect(field.text == "Madna" && field.cursor == 1)
        field.deleteForward()
        field.moveToEnd()
        field.moveRight()
        field.deleteBackward()
        #expect(field.text == "Mdn" && field.cursor == 3)
    }

    @Test("Ctrl-U clears to the start, Ctrl-W deletes the word before the cursor")
    func deletes() {
        var field = TextField("ann  lee smith")
        field.deleteWordBackward()
        #expect(field.text == "ann  lee " && field.cursor == 9)
        field.deleteWordBackward()
        #expect(field.text == "ann  " && field.cursor == 5)
        field.insert("x")
        field.moveLeft()
        field.deleteToStart()
        #expect(field.text == "x" && field.cursor == 0)
        field.deleteWordBackward()
        field.deleteBackward()
        #expect(field.text == "x" && field.cursor == 0)
    }

    @Test("a paste becomes one line: line breaks and tabs are spaces, other control characters go")
    func pastedLine() {
        #expect(TextField.pastedLine("ava\nandrew") == "ava andrew")
        #expect(TextField.pastedLine("ava\r\nandrew\rlee\tx") == "ava andrew lee x")
        #expect(TextField.pastedLine("a\u{1B}[2Jb\u{7F}\u{9B}c\u{00}é") == "a[2Jbcé")
    }
}

@Suite("The filter bar")
struct FilterBarTests {
    static func line(_ field: TextField, count: Int? = 3, width: Int = 30) -> (text: String, buffer: CellBuffer) {
        var buffer = CellBuffer(width: width, height: 1)
        FilterBar(field: field, matchCount: count).render(area: buffer.area, buffer: &buffer)
        return (buffer.lines[0], buffer)
    }

    @Test("short text, the cursor at its end, the count at the right")
    func short() {
        #expect(Self.line(TextField("ann")).text == "/ann▏                3 matches")
        #expect(Self.line(TextField("ann"), count: 1).text == "/ann▏                  1 match")
    }

    @Test("long text scrolls to keep the cursor in view, and the count stays whole")
    func long() {
        let text = "abcdefghijklmnopqrstuvwxyz0123456789"
        var field = TextField(text)
        #expect(Self.line(field).text == "/tuvwxyz0123456789▏  3 matches")
        field.moveToStart()
        let (start, buffer) = Self.line(field)
        #expect(start == "/abcdefghijklmnopqr  3 matches")
        #expect(buffer[1, 0].style == Theme.filterCursorCell)
        #expect(buffer[2, 0].style == .plain)
        for _ in 0..<20 { field.moveRight() }
        let (middle, scrolled) = Self.line(field)
        #expect(middle.hasSuffix("  3 matches") && middle.hasPrefix("/"))
        #expect(middle.contains("u"))
        let cursorColumn = (0..<30).first { scrolled[$0, 0].style == Theme.filterCursorCell }
        #expect(cursorColumn.map { scrolled[$0, 0].grapheme } == "u")
    }

    @Test("a narrow bar drops the count before the text")
    func narrow() {
        #expect(Self.line(TextField("ann"), count: 12_345, width: 16).text == "/ann▏           ")
    }
}
