extension ContactListModel {
    /// Applies a key press.
    ///
    /// The key goes where `focus` says, and nowhere else: a key pressed while a wait, an editor or
    /// a question is on screen is that window's, or dropped; it never falls through to the list.
    /// Every key but a move keeps the selection on its record (`SelectionAnchor`), whatever rows
    /// the key took out or put back.
    public mutating func handle(key: Key) -> [ContactListEffect] {
        if key == .control("c") { return requestQuit() }
        if key == .resize { return [] }
        // A key acts on the column the headings highlight, never on a hidden one.
        viewport.columnCursor = shownColumnCursor
        let focus = self.focus
        let anchor = Self.movesSelection(key, in: focus) ? nil : selectionAnchor()
        let effects = route(key, focus: focus)
        if let anchor { restoreSelection(anchor) }
        return stampAndTakeJournal() + effects
    }

    /// Hands a key to the part of the app that has the focus.
    private mutating func route(_ key: Key, focus: Focus) -> [ContactListEffect] {
        if case .paste = key, focus != .editor, focus != .filterLine, focus != .createForm, focus != .exportPath {
            // A paste never acts as keys; only the filter and the editor take text.
            if focus != .tooSmall { notices.statusMessage = "Paste ignored: press / and paste to filter." }
            return []
        }
        switch focus {
        case .tooSmall:
            // Only the notice shows: no key may act on rows the user cannot see, but q still quits.
            return key == .character("q") ? requestQuit() : []
        case .alert:
            return handleAlert(key: key)
        case .awaitingDescribe:
            return handleAwaitingDescribe(key: key)
        case .editor:
            return handleFieldEditor(key: key)
        case .bulkDeletePrompt:
            return answerBulkDeletePrompt(key)
        case .loadAllPrompt:
            return answerLoadAllPrompt(key)
        case .loadingAll:
            return handleLoadingAll(key: key)
        case .messages:
            handleMessages(key: key)
            return []
        case .outbox:
            return handleOutbox(key: key)
        case .queryBar:
            return handleQueryBar(key: key)
        case .createForm:
            return handleCreateForm(key: key)
        case .listViewPicker:
            return handleListViewPicker(key: key)
        case .exportPath:
            return handleExportPath(key: key)
        case .exportOverwrite:
            return answerExportOverwrite(key)
        case .help:
            switch key {
            case .click, .doubleClick: return []  // a click leaves the help open
            default: handleHelp(key: key)
            }
            return []
        case .detail:
            guard case .detail(var detail) = modes.mode else { return [] }
            return handleDetail(key: key, detail: &detail)
        case .filterLine:
            return handleFilterEditing(key: key)
        case .list:
            return handleList(key: key)
        }
    }

    /// The alert takes only its own keys; everything else waits for it.
    private mutating func handleAlert(key: Key) -> [ContactListEffect] {
        guard let shownAlert = notices.alerts.first else { return [] }
        if key == Self.overwriteKey, let conflict = shownAlert.conflict {
            notices.alerts.removeFirst()
            return overwrite(conflict)
        }
        if key == Self.overwriteKey, let conflict = shownAlert.deleteConflict {
            notices.alerts.removeFirst()
            return deleteAfterAll(conflict)
        }
        // Dismissing a conflict keeps the org's copy (its queued change goes): nothing goes without
        // the user's word.
        var effects: [ContactListEffect] = []
        if key == .enter || key == .escape || key == .character(" ") {
            notices.alerts.removeFirst()
            if let conflict = shownAlert.deleteConflict { effects += keepOrgCopy(conflict) }
            if let key = shownAlert.conflict?.queuedKey { effects += forgetQueued(key) }
        }
        if key == Self.dismissAllAlertsKey {
            for conflict in notices.alerts.compactMap(\.deleteConflict) { effects += keepOrgCopy(conflict) }
            for key in notices.alerts.compactMap(\.conflict?.queuedKey) { effects += forgetQueued(key) }
            notices.alerts.removeAll()
        }
        scrollAlert(with: key, wasShowing: shownAlert)
        return effects
    }

    /// Keys that move the selection on purpose; after any other key the selection stays on its
    /// record. Typing in the filter line picks the first match, as a filter does.
    static func movesSelection(_ key: Key, in focus: Focus) -> Bool {
        switch focus {
        case .list:
            switch key {
            case .character("j"), .character("k"), .down, .up, .wheelDown, .wheelUp, .pageDown, .pageUp,
                .control("f"), .control("b"), .character("g"), .character("G"), .home, .end, .click, .doubleClick,
                .character("n"), .character("N"), .character(" "):
                return true
            default: return false
            }
        case .filterLine:
            return key != .escape && key != .enter
        case .loadAllPrompt:
            // Its answer goes to the last row, loaded or true.
            return true
        case .tooSmall, .alert, .awaitingDescribe, .editor, .bulkDeletePrompt, .loadingAll, .messages, .outbox,
            .queryBar,
            .createForm, .listViewPicker, .help, .detail, .exportPath, .exportOverwrite:
            return false
        }
    }

    private mutating func handleList(key: Key) -> [ContactListEffect] {
        let page = max(visibleRowCount, 1)
        let wasOnLastRow = viewport.selection >= shownCount - 1
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
            if run.nextRecordsURL != nil, !isFiltering { return askToLoadAll() }
            moveSelection(to: shownCount - 1)
        case .character("d"), .delete:
            if run.readsRecycleBin {
                notices.statusMessage = Self.recycleBinRefusal
                return []
            }
            return deleteMarkedOrSelected()
        case .character("U"):
            return undoLastDelete()
        case .character(" "):
            if let refusal = refusalOfAnyChange(marking: true) {
                notices.statusMessage = refusal
                return []
            }
            return toggleMarkAndMoveDown()
        case .character("*"):
            if let refusal = refusalOfAnyChange(marking: true) {
                notices.statusMessage = refusal
                return []
            }
            markAllShown()
        case .character("u"):
            clearMarks()
        case .enter:
            return openDetail()
        case .character("!"):
            modes.modal = .messages(scrollOffset: 0)
            return []
        case .character("p"):
            modes.modal = .outbox(scrollOffset: 0)
            return []
        case .character("x"):
            return discardSelectedQueued()
        case .click(_, let y) where y == statusRow:
            modes.modal = .messages(scrollOffset: 0)
            return []
        case .click(let x, let y) where y == Self.headingRow, .doubleClick(let x, let y) where y == Self.headingRow:
            return sortByHeading(atScreenColumn: x)
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
            modes.mode = .help
            viewport.helpScrollOffset = 0
            return []
        case .character(":"):
            openQueryBar()
            return []
        case .character("v"):
            return openListViewPicker()
        case .character("/"):
            modes.isEditingFilter = true
            rows.startFilter()
            modes.filterField = TextField(filter?.query ?? "")
            return []
        case .escape:
            return clearFilter()
        case .character("h"), .left:
            moveColumnCursor(by: -1)
        case .character("l"), .right:
            moveColumnCursor(by: 1)
        case .character("s"):
            return sortByCursorColumn()
        case .character("-"):
            return hideCursorColumn()
        case .character("+"):
            return showAllColumns()
        case .character("<"):
            return resizeCursorColumn(by: -1)
        case .character(">"):
            return resizeCursorColumn(by: 1)
        case .character("w"):
            beginExport()
            return []
        case .character("o"):
            return openSelectedRecord()
        case .character("y"):
            return copySelectedID()
        case .character("e"):
            return beginEdit()
        case .character("c"):
            return beginCreate()
        case .character("n"):
            moveSelectionWrapping(by: 1)
        case .character("N"):
            moveSelectionWrapping(by: -1)
        default:
            return []
        }
        let more = loadMoreIfNeeded(pastTheEnd: wasOnLastRow && Self.movesDown(key))
        // A move past the last row while its page loads (asked for by this key or an earlier
        // one) is kept, and made when the page arrives.
        if wasOnLastRow, Self.movesDown(key), hasNextPageInFlight {
            viewport.queuedMoveDown += key == .pageDown || key == .control("f") ? page : key == .wheelDown ? 3 : 1
        }
        return more
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
        guard let offset = Self.scrolled(viewport.helpScrollOffset, by: key, page: page) else {
            modes.mode = .list
            return
        }
        viewport.helpScrollOffset = max(
            0, min(offset, (isReadOnly || !rowsAreRecords ? HelpOverlay.readOnlyLines : HelpOverlay.lines).count - page)
        )
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
            modes.mode = .list
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
        modes.mode = .detail(detail)
        return []
    }

    private mutating func handleFilterEditing(key: Key) -> [ContactListEffect] {
        let current = filter?.query ?? ""
        let wasOnLastRow = viewport.selection >= shownCount - 1
        switch key {
        case .paste(let text):
            modes.filterField.insertPasted(text)
            return setFilterQuery(modes.filterField.text) + loadMoreIfNeeded()
        case .click, .doubleClick: return handleList(key: key)
        case .enter:
            modes.isEditingFilter = false
            return current.isEmpty ? clearFilter() : []
        case .escape:
            return clearFilter()
        case .down:
            moveSelection(by: 1)
        case .up:
            moveSelection(by: -1)
        default:
            guard modes.filterField.apply(key) else { return [] }
        }
        let effects = modes.filterField.text != current ? setFilterQuery(modes.filterField.text) : []
        return effects + loadMoreIfNeeded(pastTheEnd: wasOnLastRow && key == .down)
    }

    /// The key that dismisses every waiting alert at once (the alert's hint names it).
    static let dismissAllAlertsKey = Key.character("a")
    /// The key of a 412's alert that writes the user's value over the org's.
    static let overwriteKey = Key.character("o")

    /// The shown position of the list row drawn at screen row `y`, nil off the rows.
    func shownPosition(atScreenRow y: Int) -> Int? {
        var line = y - ScreenLayout.firstListRow
        guard line >= 0, line < visibleRowCount else { return nil }
        if hasOrgDivider {
            // The divider takes the line above the org search's first row.
            let dividerLine = localMatchCount - viewport.scrollOffset
            if line == dividerLine { return nil }
            if line > dividerLine, dividerLine >= 0 { line -= 1 }
        }
        let position = viewport.scrollOffset + line
        return position < shownCount ? position : nil
    }

    // MARK: - Moves

    mutating func moveSelection(by delta: Int) {
        viewport.selection += delta
        clampSelection()
    }

    mutating func moveSelection(to position: Int) {
        viewport.selection = position
        clampSelection()
    }

    /// `n`/`N`: the next or previous match, wrapping at the ends.
    private mutating func moveSelectionWrapping(by delta: Int) {
        guard shownCount > 0 else { return }
        viewport.selection = ((viewport.selection + delta) % shownCount + shownCount) % shownCount
        scrollToSelection()
    }

    // MARK: - Filter

    /// Filters the loaded rows by `text` at once, and schedules the org search of it.
    private mutating func setFilterQuery(_ text: String) -> [ContactListEffect] {
        let effects = searchOrg(for: text)
        let selected = viewport.selection < shownCount ? dataIndex(ofShown: viewport.selection) : nil
        rows.filter(by: text)
        viewport.selection = 0
        // The selected row keeps the selection when it still matches (a binary search, not a scan).
        if let selected, let filter {
            let position = filter.lowerBound(selected)
            if position < filter.matches.count, filter.matches[position] == selected { viewport.selection = position }
        }
        clampSelection()
        notices.statusMessage = ""
        return effects
    }

    /// Leaves the filter, and the org search with it.
    @discardableResult
    mutating func clearFilter() -> [ContactListEffect] {
        modes.isEditingFilter = false
        modes.filterField = TextField()
        guard filter != nil else { return [] }
        let selected = selectedRecord
        // A record the org search found stays when it is the one selected: the selection is on
        // it, and whatever key comes next is meant for it. It leads the list, as a record with no
        // place in the loaded pages.
        let keep = selected.flatMap { record in
            viewport.selection >= localMatchCount && rows.contains(record.id) ? record : nil
        }
        let effects = endOrgSearch()
        rows.endFilter()
        if let keep {
            insertRow(keep, at: 0)
            rows.reinstatedIDs.insert(keep.id)
        }
        // Esc is no move: `handle(key:)` keeps the selection on its record.
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
        if index >= rows.orgRowsStart { return localMatchCount + index - rows.orgRowsStart }
        let position = filter.lowerBound(index)
        return position < filter.matches.count && filter.matches[position] == index ? position : nil
    }
}
