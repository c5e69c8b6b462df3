extension ContactListModel {
    /// Applies a key press.
    public mutating func handle(key: Key) -> [ContactListEffect] {
        if key == .control("c") { return requestQuit() }
        if key == .resize { return [] }
        if !alerts.isEmpty {
            // The modal takes only its own keys; everything else waits for it.
            if key == .enter || key == .escape || key == .character(" ") { alerts.removeFirst() }
            return []
        }
        switch mode {
        case .help:
            mode = .list
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
            return deleteSelected()
        case .enter:
            return openDetail()
        case .character("r"):
            return refresh()
        case .character("?"):
            mode = .help
            return []
        case .character("/"):
            isEditingFilter = true
            if filter == nil { filter = RowFilter() }
            updateFilter { $0.rebuild(rows: $1, columns: $2) }
            return []
        case .escape:
            clearFilter()
        case .character("n"):
            moveSelectionWrapping(by: 1)
        case .character("N"):
            moveSelectionWrapping(by: -1)
        default:
            return []
        }
        return loadMoreIfNeeded()
    }

    private mutating func handleDetail(key: Key, detail: inout DetailState) -> [ContactListEffect] {
        switch key {
        case .escape, .character("q"), .backspace:
            mode = .list
            return []
        case .character("j"), .down, .wheelDown:
            detail.scrollOffset += 1
        case .character("k"), .up, .wheelUp:
            detail.scrollOffset -= 1
        case .pageDown, .control("f"), .character(" "):
            detail.scrollOffset += max(visibleRowCount, 1)
        case .pageUp, .control("b"):
            detail.scrollOffset -= max(visibleRowCount, 1)
        case .character("g"), .home:
            detail.scrollOffset = 0
        default:
            return []
        }
        let lines: Int
        if case .fields(let fields) = detail.content { lines = fields.count } else { lines = 0 }
        detail.scrollOffset = max(0, min(detail.scrollOffset, lines - 1))
        mode = .detail(detail)
        return []
    }

    private mutating func handleFilterEditing(key: Key) -> [ContactListEffect] {
        let current = filter?.query ?? ""
        switch key {
        case .character(let character):
            setFilterQuery(current + String(character))
        case .backspace:
            setFilterQuery(String(current.dropLast()))
        case .enter:
            isEditingFilter = false
            if current.isEmpty { clearFilter() }
            return []
        case .escape:
            clearFilter()
            return []
        case .down:
            moveSelection(by: 1)
        case .up:
            moveSelection(by: -1)
        default:
            return []
        }
        return loadMoreIfNeeded()
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

    private mutating func setFilterQuery(_ text: String) {
        let selected = selectedRecord?.id
        if filter == nil { filter = RowFilter() }
        updateFilter { $0.setQuery(text, rows: $1, columns: $2) }
        selection = 0
        if let selected, let position = shownPosition(ofID: selected) { selection = position }
        clampSelection()
        statusMessage = ""
    }

    mutating func clearFilter() {
        isEditingFilter = false
        guard filter != nil else { return }
        let selected = selectedRecord?.id
        filter = nil
        selection = selected.flatMap { shownPosition(ofID: $0) } ?? 0
        clampSelection()
    }

    /// The shown position of a record id (linear; only used on filter changes and refreshes).
    func shownPosition(ofID id: String) -> Int? {
        if let filter {
            return filter.matches.firstIndex { dataRows[$0].id == id }
        }
        return dataRows.firstIndex { $0.id == id }
    }
}
