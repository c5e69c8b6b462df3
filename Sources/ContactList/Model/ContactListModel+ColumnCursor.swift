extension ContactListModel {
    /// The column under the cursor, which `s` sorts by and `e` edits; nil when there are no columns.
    public var cursorColumn: Column? {
        run.columns.indices.contains(viewport.columnCursor) ? run.columns[viewport.columnCursor] : nil
    }

    /// `h`/`l` (and ←/→): moves the column cursor, stopping at the first and last column.
    mutating func moveColumnCursor(by delta: Int) {
        viewport.columnCursor = min(max(viewport.columnCursor + delta, 0), max(run.columns.count - 1, 0))
    }
}
