/// The filter being typed: `/query▏`, the end kept in view when it is long.
package struct FilterBar: Widget {
    var query: String

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        buffer.fill(row)
        var shown = Substring(SafeText.sanitize(query))
        let available = max(1, row.width - 3)
        while DisplayWidth.of(shown) > available, !shown.isEmpty { shown = shown.dropFirst() }
        var x = row.x
        x += buffer.write("/", x: x, y: row.y, in: row, style: Theme.filterPrompt)
        x += buffer.write(String(shown), x: x, y: row.y, in: row)
        buffer.write("▏", x: x, y: row.y, in: row, style: Theme.filterCursor)
    }
}
