/// The list: the column headings, then the visible slice of the rows.
///
/// Only the rows on screen are read, so a frame costs the same with a thousand
/// or a million rows loaded.
package struct ListView: Widget {
    /// Rows above the records: the column headings.
    static let headingRows = 1

    var model: ContactListModel

    package init(model: ContactListModel) {
        self.model = model
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let (headings, rows) = area.split(top: Self.headingRows)
        let widths = Self.columnWidths(for: model.columns, totalWidth: area.width - 1)
        var x = area.x + 1
        for (column, width) in zip(model.columns, widths) {
            buffer.write(column.title, x: x, y: headings.y, in: headings, maxWidth: width, style: Theme.columnHeading)
            x += width + 2
        }

        let shown = model.shownCount
        for line in 0..<rows.height {
            let position = model.scrollOffset + line
            guard position < shown else { break }
            let record = model.shownRecord(at: position)
            let row = rows.row(line)
            let selected = position == model.selection
            let style = selected ? Theme.selectedRow : .plain
            if selected { buffer.fill(row, style: style) }
            var x = row.x + 1
            for (index, width) in widths.enumerated() {
                buffer.write(record.value(at: index), x: x, y: row.y, in: row, maxWidth: width, style: style)
                x += width + 2
            }
        }
        if shown == 0 && !model.isLoading {
            let notice = model.filter == nil ? "No contacts." : "No contact matches the filter."
            buffer.write(notice, x: rows.x + 1, y: rows.y, in: rows, style: Theme.notice)
        }
    }

    /// Splits the width among the columns, two spaces apart, wider for names and emails.
    static func columnWidths(for columns: [Column], totalWidth: Int) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let gaps = 2 * (columns.count - 1)
        let available = max(columns.count, totalWidth - gaps)
        let weights = columns.map { column -> Int in
            switch column.field.lowercased() {
            case "name", "email", "account.name": return 3
            default: return 2
            }
        }
        let totalWeight = weights.reduce(0, +)
        var widths = weights.map { available * $0 / totalWeight }
        widths[widths.count - 1] += available - widths.reduce(0, +)
        return widths
    }
}
