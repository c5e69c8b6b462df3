extension ContactListModel {
    /// The column under the cursor, which `s` sorts by and `e` edits; nil when there are no columns.
    public var cursorColumn: Column? {
        columns.indices.contains(columnCursor) ? columns[columnCursor] : nil
    }

    /// `h`/`l` (and ←/→): moves the column cursor, stopping at the first and last column.
    mutating func moveColumnCursor(by delta: Int) {
        columnCursor = min(max(columnCursor + delta, 0), max(columns.count - 1, 0))
    }
}
