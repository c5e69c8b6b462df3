/// The filter being typed: `/query▏`, the end kept in view when it is long.
public struct FilterBar: Sendable {
    public init() {}

    public func render(_ model: ContactListModel, into buffer: inout CellBuffer, row: Int) {
        let query = SafeText.sanitize(model.filter?.query ?? "")
        let available = max(1, buffer.width - 3)
        var shown = Substring(query)
        while DisplayWidth.of(shown) > available, !shown.isEmpty { shown = shown.dropFirst() }
        let x = buffer.write("/", x: 0, y: row, style: Style(color: .accent, bold: true))
        let written = buffer.write(String(shown), x: x, y: row)
        buffer.write("▏", x: x + written, y: row, style: Style(color: .accent))
    }
}
