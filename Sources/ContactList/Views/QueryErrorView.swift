/// The org's refusal of the query bar's query: the line it names, a caret under the column, and
/// the reason, over the list whose rows stay.
package struct QueryErrorView: Widget {
    var query: String
    var error: QueryError

    /// The lines of the box: the query's line the error names, the caret line, the reason.
    func lines(width: Int) -> [String] {
        let queryLines = query.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let row = min(max((error.row ?? 1) - 1, 0), max(queryLines.count - 1, 0))
        let line = queryLines.isEmpty ? "" : queryLines[row]
        guard let column = error.column else { return [line, "", error.reason] }
        // Past the width the line scrolls so that the caret stays in view.
        let characters = Array(line)
        let start = max(0, min(column - 1, characters.count) - max(width - 10, 1))
        let shown = String(characters[start...])
        let caret = String(repeating: " ", count: max(column - 1 - start, 0)) + "^"
        return [shown, caret, error.reason]
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let width = min(max(area.width - 6, 20), 100)
        Panel(
            title: "The org refused the query", badge: "",
            lines: lines(width: width).map { ($0, Theme.alert) }, footer: "edit and Enter · Esc leaves",
            style: Theme.alert, maxContentWidth: width
        ).render(area: area, buffer: &buffer)
    }
}
