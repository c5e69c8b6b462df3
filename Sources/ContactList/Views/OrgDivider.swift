/// The line above the rows the org search found: `── in the org ──────`.
package struct OrgDivider: Widget {
    static let title = "in the org"

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        guard row.width > 0 else { return }
        let line = "── \(Self.title) " + String(repeating: "─", count: max(0, row.width - Self.title.count - 5))
        buffer.write(line, x: row.x + 1, y: row.y, in: row, style: Theme.orgDivider)
    }
}
