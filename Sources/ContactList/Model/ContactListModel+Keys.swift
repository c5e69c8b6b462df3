extension ContactListModel {
    /// Applies a key press.
    public mutating func handle(key: Key) -> [ContactListEffect] {
        if key == .control("c") { return requestQuit() }
        if key == .resize { return [] }
        if isTerminalTooSmall {
            // Only the notice shows: no key may act on rows the user cannot see, but q still quits.
            return key == .character("q") ? handleList(key: key) : []
        }
        if fieldEditor != nil, alerts.isEmpty { return handleFieldEditor(key: key) }
        if case .paste(let text) = key { return handlePaste(text) }
        if let shownAlert = alerts.first {
            // The modal takes only its own keys; everything else waits for it.
            if key == .enter || key == .escape || key == .character(" ") { alerts.removeFirst() }
            if key == Self.dismissAllAlertsKey { alerts.removeAll() }
            scrollAlert(with: key, wasShowing: shownAlert)
            return []
        }
        if bulkDeletePrompt != nil { return answerBulkDeletePrompt(key) }
        switch mode {
        case .help:
            switch key {
            case .click, .doubleClick: return []  // a click leaves the help open
            default: handleHelp(key: key)
            }
            return []
        case .detail(var detail):
            return handleDetail(key: key, detail: &detail)
        case .list:
            break
        }
        if isEditingFilter { return handleFilterEditing(key: key) }
        return handleList(key: key)
    }

    private mutating func handleList(key: Key) -> [ContactListEffect] {
        let page = max(visibleRowCount, 1)
        let wasOnLastRow = selection >= shownCount - 1
        switch key {
        case .character("q"):
            return requestQuit()
        case .character("j"), .down:
            moveSelection(by: 1)
        case .character("k"), .up:
            moveSelection(by: -1)
        case .wheelDown:
            moveSelection(by: 3)
        case .wheelUp:
            moveSelection(by: -3)
        case .pageDown, .control("f"):
            moveSelection(by: page)
        case .pageUp, .control("b"):
            moveSelection(by: -page)
        case .character("g"), .home:
            moveSelection(to: 0)
        case .character("G"), .end:
            moveSelection(to: shownCount - 1)
        case .character("d"), .delete:
            return deleteMarkedOrSelected()
        case .character(" "):
            return toggleMarkAndMoveDown()
        case .character("*"):
            markAllShown()
        case .character("u"):
            clearMarks()
        case .enter:
            return openDetail()
        case .click(_, let y):
            guard let position = shownPosition(atScreenRow: y) else { return [] }
            moveSelection(to: position)
        case .doubleClick(_, let y):
            guard let position = shownPosition(atScreenRow: y) else { return [] }
            moveSelection(to: position)
            return openDetail()
        case .character("r"):
            return refresh()
        case .character("?"):
            mode = .help
            helpScrollOffset = 0
            return []
        case .character("/"):
            isEditingFilter = true
            if filter == nil {
                filter = RowFilter()
                updateFilter { $0.rebuild(index: $1) }
            }
            filterField = TextField(filter?.query ?? "")
            return []
        case .escape:
            return clearFilter()
        case .character("h"), .left:
            moveColumnCursor(by: -1)
        case .character("l"), .right:
            moveColumnCursor(by: 1)
        case .character("s"):
            return sortByCursorColumn()
        case .character("o"):
            return openSelectedRecord()
        case .character("y"):
            return copySelectedID()
        case .character("e"):
            return beginEdit()
        case .character("n"):
            moveSelectionWrapping(by: 1)
        case .character("N"):
            moveSelectionWrapping(by: -1)
        default:
            return []
        }
        return loadMoreIfNeeded(pastTheEnd: wasOnLastRow && Self.movesDown(key))
    }

    /// Keys that move the selection down, which past the last row ask for the next page.
    static func movesDown(_ key: Key) -> Bool {
        switch key {
        case .character("j"), .down, .wheelDown, .pageDown, .control("f"), .character("G"), .end: return true
        default: return false
        }
    }

    /// The help: the scroll keys scroll it, any other key closes it.
    private mutating func handleHelp(key: Key) {
        let page = max(HelpOverlay.visibleLines(listRows: visibleRowCount), 1)
        guard let offset = Self.scrolled(helpScrollOffset, by: key, page: page) else {
            mode = .list
            return
        }
        helpScrollOffset = max(0, min(offset, HelpOverlay.lines.count - page))
    }

    /// A scroll offset moved by a scroll key (nil for any other key); `Int.max` is the end.
    static func scrolled(_ offset: Int, by key: Key, page: Int) -> Int? {
        switch key {
        case .character("j"), .down, .wheelDown: return offset + 1
        case .character("k"), .up, .wheelUp: return offset - 1
        case .pageDown, .control("f"), .character(" "): return offset + page
        case .pageUp, .control("b"): return offset - page
        case .character("g"), .home: return 0
        case .character("G"), .end: return Int.max / 2
        default: return nil
        }
    }

    private mutating func handleDetail(key: Key, detail: inout DetailState) -> [ContactListEffect] {
        switch key {
        case .escape, .character("q"), .backspace:
            mode = .list
            return []
        default:
            break
        }
        if key == .character("e") { return beginEdit() }
        let page = max(visibleRowCount, 1)
        guard let offset = Self.scrolled(detail.scrollOffset, by: key, page: page) else { return [] }
        let lines: Int
        if case .fields(let fields) = detail.content { lines = fields.count } else { lines = 0 }
        // The last line stops at the bottom of the view.
        let scrollOffset = max(0, min(offset, lines - page))
        detail.moveSelectedLine(by: key, scrollDelta: offset - detail.scrollOffset, lines: lines)
        detail.scrollOffset = scrollOffset
        mode = .detail(detail)
        return []
    }

    private mutating func handleFilterEditing(key: Key) -> [ContactListEffect] {
        let current = filter?.query ?? ""
        let wasOnLastRow = selection >= shownCount - 1
        switch key {
        case .click, .doubleClick: return handleList(key: key)
        case .enter:
            isEditingFilter = false
            return current.isEmpty ? clearFilter() : []
        case .escape:
            return clearFilter()
        case .down:
            moveSelection(by: 1)
        case .up:
            moveSelection(by: -1)
        default:
            guard filterField.apply(key) else { return [] }
        }
        let effects = filterField.text != current ? setFilterQuery(filterField.text) : []
        return effects + loadMoreIfNeeded(pastTheEnd: wasOnLastRow && key == .down)
    }

    /// The key that dismisses every waiting alert at once (the alert's hint names it).
    static let dismissAllAlertsKey = Key.character("a")

    /// A paste goes whole into the filter being typed, as one line; anywhere else it does nothing.
    private mutating func handlePaste(_ text: String) -> [ContactListEffect] {
        guard isEditingFilter, alerts.isEmpty, mode == .list else {
            statusMessage = "Paste ignored: press / and paste to filter."
            return []
        }
        filterField.insertPasted(text)
        return setFilterQuery(filterField.text) + loadMoreIfNeeded()
    }

    /// The shown position of the list row drawn at screen row `y`, nil off the rows.
    func shownPosition(atScreenRow y: Int) -> Int? {
        var line = y - ScreenLayout.firstListRow
        guard line >= 0, line < visibleRowCount else { return nil }
        if hasOrgDivider {
            // The divider takes the line above the org search's first row.
            let dividerLine = localMatchCount - scrollOffset
            if line == dividerLine { return nil }
            if line > dividerLine, dividerLine >= 0 { line -= 1 }
        }
        let position = scrollOffset + line
        return position < shownCount ? position : nil
    }

    // MARK: - Moves

    mutating func moveSelection(by delta: Int) {
        selection += delta
        clampSelection()
    }

    mutating func moveSelection(to position: Int) {
        selection = position
        clampSelection()
    }

    /// `n`/`N`: the next or previous match, wrapping at the ends.
    private mutating func moveSelectionWrapping(by delta: Int) {
        guard shownCount > 0 else { return }
        selection = ((selection + delta) % shownCount + shownCount) % shownCount
        scrollToSelection()
    }

    // MARK: - Filter

    /// Filters the loaded rows by `text` at once, and schedules the org search of it.
    private mutating func setFilterQuery(_ text: String) -> [ContactListEffect] {
        let effects = searchOrg(for: text)
        let selected = selection < shownCount ? dataIndex(ofShown: selection) : nil
        if filter == nil { filter = RowFilter() }
        updateFilter { $0.setQuery(text, index: $1) }
        selection = 0
        // The selected row keeps the selection when it still matches (a binary search, not a scan).
        if let selected, let filter {
            let position = filter.lowerBound(selected)
            if position < filter.matches.count, filter.matches[position] == selected { selection = position }
        }
        clampSelection()
        statusMessage = ""
        return effects
    }

    /// Leaves the filter, and the org search with it.
    @discardableResult
    mutating func clearFilter() -> [ContactListEffect] {
        isEditingFilter = false
        filterField = TextField()
        guard filter != nil else { return [] }
        let selected = selectedRecord?.id
        let effects = endOrgSearch()
        filter = nil
        selection = selected.flatMap { shownPosition(ofID: $0) } ?? 0
        clampSelection()
        return effects
    }

    /// The shown position of a record id (a scan of the rows; only used on filter changes and refreshes).
    func shownPosition(ofID id: String) -> Int? {
        dataRows.firstIndex { $0.id == id }.flatMap { shownPosition(ofDataIndex: $0) }
    }

    /// The shown position of the row at `index` of `dataRows`; nil when the filter hides it.
    func shownPosition(ofDataIndex index: Int) -> Int? {
        guard let filter else { return index }
        if index >= orgRowsStart { return localMatchCount + index - orgRowsStart }
        let position = filter.lowerBound(index)
        return position < filter.matches.count && filter.matches[position] == index ? position : nil
    }
}
