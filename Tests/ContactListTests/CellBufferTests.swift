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

@Suite("Cell buffer in an ASCII locale")
struct ASCIICellBufferTests {
    @Test("each character the terminal cannot draw is one ? per column, so later columns stay put")
    func replacement() {
        var buffer = CellBuffer(width: 20, height: 3, repertoire: .ascii)
        buffer.write("Café Olé", x: 0, y: 0)
        buffer.write("X", x: 10, y: 0)
        buffer.write("日本語", x: 0, y: 1)
        buffer.write("X", x: 10, y: 1)
        buffer.write("e\u{301}x", x: 0, y: 2)
        #expect(buffer.lines[0] == "Caf? Ol?  X         ")
        #expect(buffer.lines[1] == "??????    X         ")
        #expect(buffer.lines[2].hasPrefix("?x "))
        #expect(buffer.cells.allSatisfy { $0.grapheme.allSatisfy(\.isASCII) })
    }

    @Test("the app's own symbols have ASCII stand-ins")
    func symbols() {
        var buffer = CellBuffer(width: 12, height: 1, repertoire: .ascii)
        buffer.write("a · b — Loading long text", x: 0, y: 0)
        #expect(buffer.lines[0] == "a - b - Loa.")
        var bar = CellBuffer(width: 12, height: 1, repertoire: .ascii)
        bar.write(ProgressBar.text(done: 4, of: 10, width: 10), x: 0, y: 0)
        #expect(bar.lines[0] == "[####......]")
    }

    @Test("a whole screen under ASCII has the same layout as under Unicode")
    func screenAlignment() {
        let model = Fixtures.model(names: ["Café Olé", "王秀英", "Ann Bell"])
        var unicode = CellBuffer(width: 100, height: 12)
        var ascii = CellBuffer(width: 100, height: 12, repertoire: .ascii)
        ContactListScreen(model: model).render(area: unicode.area, buffer: &unicode)
        ContactListScreen(model: model).render(area: ascii.area, buffer: &ascii)
        #expect(ascii.cells.allSatisfy { $0.grapheme.allSatisfy(\.isASCII) })
        for (unicodeLine, asciiLine) in zip(unicode.lines, ascii.lines) {
            #expect(DisplayWidth.of(unicodeLine) == asciiLine.count)
        }
        let rows = ascii.lines.filter { $0.contains("Caf? Ol?") || $0.contains("??????") }
        #expect(rows.count == 2)
        // The column after Name starts at the same cell on every row.
        let titleStarts = ascii.lines[2..<5].map { line in
            line.firstIndex(of: "T").map { line.distance(from: line.startIndex, to: $0) }
        }
        #expect(Set(titleStarts).count == 1)
    }
}
