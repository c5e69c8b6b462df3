/// The top row: the app, the org host and the API version.
struct HeaderView: Sendable {
    var title: String

    func render(into buffer: inout CellBuffer) {
        buffer.clearRow(0, style: ListView.headerStyle)
        buffer.write(" \(title)", x: 0, y: 0, style: ListView.headerStyle)
    }
}
