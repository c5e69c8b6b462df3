/// The top row: the app and the org (host and API version), or what is shown below.
package struct HeaderView: Widget {
    var title: String

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        buffer.fill(row, style: Theme.header)
        buffer.write(" \(title)", x: row.x, y: row.y, in: row, style: Theme.header)
    }
}
