extension ContactListModel {
    /// The column under the cursor, which `s` sorts by and `e` edits; nil when there are no columns.
    public var cursorColumn: Column? {
        run.columns.indices.contains(viewport.columnCursor) ? run.columns[viewport.columnCursor] : nil
    }

    /// `h`/`l` (and ←/→): moves the column cursor over the shown columns, stopping at the first
    /// and last of them.
    mutating func moveColumnCursor(by delta: Int) {
        let settings = columnSettings
        let pinned = ColumnLayout.roomTaker(of: run.columns)
        let step = delta < 0 ? -1 : 1
        var index = viewport.columnCursor
        for _ in 0..<abs(delta) {
            var next = index + step
            while run.columns.indices.contains(next), next != pinned, settings.hides(run.columns[next]) { next += step }
            guard run.columns.indices.contains(next) else { break }
            index = next
        }
        viewport.columnCursor = index
    }
}
