/// Draws the header, the column headings and the visible slice of the rows.
///
/// Only the rows on screen are read, so a frame costs the same with a thousand
/// or a million rows loaded.
public struct ListView: Sendable {
    /// The smallest terminal the list is drawn in; below it a notice is shown.
    public static let minimumSize = (width: 40, height: 8)
    /// Rows taken by the header, headings, status line and key hint.
    static let chromeRows = 4

    public init() {}

    /// The number of list rows a terminal of this height shows.
    public static func listRows(forHeight height: Int) -> Int { max(1, height - chromeRows) }

    static let headerStyle = Style(color: .accent, bold: true, reverse: true)
    static let selectedStyle = Style(color: .accent, bold: true, reverse: true)

    /// Draws rows 0 ..< `buffer.height - 2`.
    public func render(_ model: ContactListModel, into buffer: inout CellBuffer) {
        HeaderView(title: "contact-tui · \(model.origin)").render(into: &buffer)

        let widths = Self.columnWidths(for: model.columns, totalWidth: buffer.width - 1)
        var x = 1
        for (column, width) in zip(model.columns, widths) {
            buffer.write(column.title, x: x, y: 1, maxWidth: width, style: Style(bold: true))
            x += width + 2
        }

        let listTop = 2
        let rows = Self.listRows(forHeight: buffer.height)
        let shown = model.shownCount
        for line in 0..<rows {
            let position = model.scrollOffset + line
            guard position < shown else { break }
            let record = model.shownRecord(at: position)
            let selected = position == model.selection
            let style = selected ? Self.selectedStyle : .plain
            if selected { buffer.clearRow(listTop + line, style: style) }
            var x = 1
            for (index, width) in widths.enumerated() {
                buffer.write(record.value(at: index), x: x, y: listTop + line, maxWidth: width, style: style)
                x += width + 2
            }
        }
        if shown == 0 && !model.isLoading {
            let notice = model.filter == nil ? "No contacts." : "No contact matches the filter."
            buffer.write(notice, x: 1, y: listTop, style: Style(color: .muted))
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
