import Testing

@testable import ContactList

@Suite("Cell buffer")
struct CellBufferTests {
    @Test("writes clip to the buffer and report the columns used")
    func clip() {
        var buffer = CellBuffer(width: 8, height: 2)
        #expect(buffer.write("Hello, world", x: 1, y: 0) == 7)
        #expect(buffer.lines[0] == " Hello,…")
        #expect(buffer.write("x", x: 9, y: 0) == 0)
        #expect(buffer.write("x", x: 0, y: 5) == 0)
    }

    @Test("a wide grapheme takes two cells")
    func wide() {
        var buffer = CellBuffer(width: 6, height: 1)
        buffer.write("日本x", x: 0, y: 0)
        #expect(buffer[1, 0].isContinuation)
        #expect(buffer[4, 0].grapheme == "x")
        #expect(buffer.text == "日本x")
    }

    @Test("hostile text is drawn inert")
    func hostile() {
        var buffer = CellBuffer(width: 30, height: 1)
        buffer.write("\u{1B}]0;pwned\u{7}\u{1B}[2J", x: 0, y: 0)
        #expect(!buffer.cells.contains { $0.grapheme.unicodeScalars.contains { $0.value < 0x20 } })
        #expect(buffer.text == "␛]0;pwned␇␛[2J")
    }
}
