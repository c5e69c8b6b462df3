extension ContactListModel {
    // MARK: - Hiding and sizing columns

    /// How the user arranged this list's columns (hidden, widths); kept per query.
    public var columnSettings: ColumnSettings {
        modes.columnLayouts[query] ?? ColumnSettings()
    }

    /// Every list's arrangement of its columns, by query; the runner sets them from their file at start.
    public var columnLayouts: [String: ColumnSettings] {
        get { modes.columnLayouts }
        set { modes.columnLayouts = newValue }
    }

    /// The terminal's width, which places the columns; set by the runner on every layout.
    public var screenWidth: Int {
        get { viewport.screenWidth }
        set { viewport.screenWidth = newValue }
    }

    /// The column cursor on a shown column: where it is, or, when a list opened with that column
    /// hidden, the next shown one (to the right, else to the left). What the headings highlight
    /// and the keys act on.
    public var shownColumnCursor: Int {
        let settings = columnSettings
        let pinned = ColumnLayout.roomTaker(of: run.columns)
        let isShown = { (index: Int) in index == pinned || !settings.hides(self.run.columns[index]) }
        let cursor = viewport.columnCursor
        guard run.columns.indices.contains(cursor), !isShown(cursor) else { return cursor }
        return run.columns.indices[cursor...].first(where: isShown)
            ?? run.columns.indices[..<cursor].last(where: isShown) ?? cursor
    }

    /// Where each shown column is drawn in a terminal of `screenWidth`.
    var columnPlacements: [ColumnLayout.Placement] { columnPlacements(totalWidth: screenWidth - 1) }

    /// The columns as their headings read: the sorted one carries its ▲ or ▼, and is as wide as it needs.
    var headedColumns: [Column] {
        var columns = run.columns
        if let sort = shownSort, columns.indices.contains(sort.column) {
            columns[sort.column].title += " " + sort.marker
        }
        return columns
    }

    /// Where each shown column is drawn in `totalWidth` cells: what `ListView` draws and a click
    /// on a heading finds.
    func columnPlacements(totalWidth: Int) -> [ColumnLayout.Placement] {
        ColumnLayout.placements(
            for: headedColumns, contentWidths: contentWidths, settings: columnSettings, totalWidth: totalWidth,
            cursor: shownColumnCursor)
    }

    /// The widest a column may be set, and the narrowest; how much `<` and `>` change it.
    static let columnWidthRange = 3...200
    static let columnWidthStep = 2

    /// `-`: hides the column under the cursor (never Name), and moves the cursor to the next shown.
    mutating func hideCursorColumn() -> [ContactListEffect] {
        guard let column = cursorColumn else { return [] }
        guard viewport.columnCursor != ColumnLayout.roomTaker(of: run.columns) else {
            notices.statusMessage = "The \(column.title) column cannot be hidden."
            return []
        }
        var settings = columnSettings
        settings.hidden.insert(ColumnSettings.key(of: column))
        let hiddenCursor = viewport.columnCursor
        modes.columnLayouts[query] = settings
        moveColumnCursor(by: 1)
        if viewport.columnCursor == hiddenCursor { moveColumnCursor(by: -1) }
        notices.statusMessage = "\(column.title) hidden; + shows every column"
        return [.rememberColumns(query: query, settings)]
    }

    /// `+`: shows every hidden column again.
    mutating func showAllColumns() -> [ContactListEffect] {
        var settings = columnSettings
        guard !settings.hidden.isEmpty else {
            notices.statusMessage = "No column is hidden."
            return []
        }
        settings.hidden.removeAll()
        modes.columnLayouts[query] = settings
        notices.statusMessage = "Every column is shown"
        return [.rememberColumns(query: query, settings)]
    }

    /// `<` and `>`: narrows or widens the column under the cursor from the width it is drawn at.
    mutating func resizeCursorColumn(by sign: Int) -> [ContactListEffect] {
        guard let column = cursorColumn,
            let drawn = columnPlacements.first(where: { $0.column == viewport.columnCursor })
        else { return [] }
        var settings = columnSettings
        let current = settings.width(of: column) ?? drawn.width
        let range = Self.columnWidthRange
        settings.widths[ColumnSettings.key(of: column)] = min(
            max(current + sign * Self.columnWidthStep, range.lowerBound), range.upperBound)
        modes.columnLayouts[query] = settings
        return [.rememberColumns(query: query, settings)]
    }

    /// The screen row of the column headings.
    static let headingRow = ScreenLayout.firstListRow - ListView.headingRows

    /// A click on a heading: the column cursor goes to it and the list sorts by it, as `s` does
    /// (again on the sorted column flips the order). A click between headings does nothing.
    mutating func sortByHeading(atScreenColumn x: Int) -> [ContactListEffect] {
        // The list is drawn one cell in, after the mark's margin.
        guard let placement = columnPlacements.first(where: { x - 1 >= $0.x && x - 1 < $0.x + $0.width }) else {
            return []
        }
        viewport.columnCursor = placement.column
        return sortByCursorColumn()
    }
}
