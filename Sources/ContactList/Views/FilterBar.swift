/// The filter being typed: `/text▏` with the cursor where it is, and the match count at the
/// right end. The count stays whole however long the text: the text scrolls inside the bar,
/// always keeping the cursor in view.
package struct FilterBar: Widget {
    var field: TextField
    /// The rows the filter matches; nil draws no count.
    var matchCount: Int?
    /// What leads the text: `/` for the filter, the field's name for the field editor.
    var prompt = "/"

    package init(field: TextField, matchCount: Int?, prompt: String = "/") {
        self.field = field
        self.matchCount = matchCount
        self.prompt = prompt
    }

    /// "12 matches", "1 match".
    var countText: String {
        matchCount.map { "\($0) match\($0 == 1 ? "" : "es")" } ?? ""
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        guard row.width > 0, row.height > 0 else { return }
        buffer.fill(row)
        let count = countText
        let countWidth = DisplayWidth.of(count)
        // The count takes its place only while at least a few cells of text remain beside it.
        let showsCount = !count.isEmpty && row.width - countWidth - 2 >= 8
        let textRight = row.right - (showsCount ? countWidth + 2 : 0)
        if showsCount { buffer.write(count, x: row.right - countWidth, y: row.y, in: row, style: Theme.filterCount) }

        let x = row.x + buffer.write(prompt, x: row.x, y: row.y, in: row, style: Theme.filterPrompt)
        let glyphs = field.characters.map { SafeText.sanitize(String($0)) }
        let widths = glyphs.map { DisplayWidth.of($0) }
        // Text plus one cell for a cursor at the end.
        let room = textRight - x
        guard room > 0 else { return }
        var start = 0
        var widthToCursor = widths[0..<field.cursor].reduce(0, +)
        while start < field.cursor, widthToCursor + 1 > room {
            widthToCursor -= widths[start]
            start += 1
        }
        let textArea = Rect(x: x, y: row.y, width: room, height: 1)
        var column = x
        for index in start..<glyphs.count {
            guard column + max(widths[index], 1) <= textArea.right else { break }
            let style = index == field.cursor ? Theme.filterCursorCell : Style.plain
            column += buffer.write(glyphs[index], x: column, y: row.y, in: textArea, style: style)
        }
        if field.cursor == glyphs.count {
            buffer.write("▏", x: column, y: row.y, in: textArea, style: Theme.filterCursor)
        }
    }
}
