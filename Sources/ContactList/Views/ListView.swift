/// Draws the contact list: header, column headings, rows, status and key hint.
public struct ListView: Sendable {
    /// The smallest terminal the list is drawn in; below it a notice is shown.
    public static let minimumSize = (width: 40, height: 8)
    /// Rows taken by the header, headings, status line and key hint.
    static let chromeRows = 4

    public init() {}

    /// The number of list rows a terminal of this height shows.
    public static func listRows(forHeight height: Int) -> Int { max(1, height - chromeRows) }

    public func render(_ model: ContactListModel, into buffer: inout CellBuffer) {
        guard buffer.width >= Self.minimumSize.width, buffer.height >= Self.minimumSize.height else {
            renderTooSmall(into: &buffer)
            return
        }
        let headerStyle = Style(color: .accent, bold: true, reverse: true)
        buffer.clearRow(0, style: headerStyle)
        buffer.write(" contact-tui · \(model.origin)", x: 0, y: 0, style: headerStyle)

        let widths = Self.columnWidths(for: model.columns, totalWidth: buffer.width - 1)
        var x = 1
        for (column, width) in zip(model.columns, widths) {
            buffer.write(column.title, x: x, y: 1, maxWidth: width, style: Style(bold: true))
            x += width + 2
        }

        let listTop = 2
        let rows = Self.listRows(forHeight: buffer.height)
        for line in 0..<rows {
            let index = model.scrollOffset + line
            guard index < model.dataRows.count else { break }
            let record = model.dataRows[index]
            let selected = index == model.selection
            let style = selected ? Style(color: .accent, bold: true, reverse: true) : .plain
            if selected { buffer.clearRow(listTop + line, style: style) }
            var x = 1
            for (column, width) in zip(model.columns, widths) {
                buffer.write(record.value(of: column.field), x: x, y: listTop + line, maxWidth: width, style: style)
                x += width + 2
            }
        }

        let statusStyle = Style(color: .muted, reverse: true)
        let statusRow = buffer.height - 2
        buffer.clearRow(statusRow, style: statusStyle)
        var status = " \(model.dataRows.count) of \(model.totalSize) loaded"
        if model.isLoading { status += " · loading…" }
        if !model.statusMessage.isEmpty { status += " · \(model.statusMessage)" }
        buffer.write(status, x: 0, y: statusRow, style: statusStyle)
        buffer.write(" j/k move  q quit", x: 0, y: buffer.height - 1, style: Style(color: .muted))
    }

    private func renderTooSmall(into buffer: inout CellBuffer) {
        let lines = [
            "Terminal too small",
            "need \(Self.minimumSize.width)×\(Self.minimumSize.height)",
            "have \(buffer.width)×\(buffer.height)",
        ]
        let top = max(0, (buffer.height - lines.count) / 2)
        for (offset, line) in lines.enumerated() {
            let x = max(0, (buffer.width - DisplayWidth.of(line)) / 2)
            buffer.write(line, x: x, y: top + offset, style: Style(color: .warning, bold: offset == 0))
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
