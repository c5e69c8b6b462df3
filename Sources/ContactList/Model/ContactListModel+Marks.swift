import RestCore

extension ContactListModel {
    // MARK: - Marks

    /// Whether the record is marked.
    public func isMarked(_ id: String) -> Bool {
        marks[id] != nil
    }

    /// Space: marks or unmarks the selected row, then moves down.
    mutating func toggleMarkAndMoveDown() -> [ContactListEffect] {
        guard let record = selectedRecord else { return [] }
        marks[record.id] = marks[record.id] == nil ? record : nil
        let wasOnLastRow = selection >= shownCount - 1
        moveSelection(by: 1)
        return loadMoreIfNeeded(pastTheEnd: wasOnLastRow)
    }

    /// `*`: marks every row shown (with a filter set, the rows it matches).
    mutating func markAllShown() {
        for position in 0..<shownCount {
            let record = shownRecord(at: position)
            marks[record.id] = record
        }
        statusMessage = ""
    }

    /// `u`: clears every mark.
    mutating func clearMarks() {
        marks.removeAll()
        statusMessage = ""
    }

    /// `d`: the marked records when there are marks (asking first when there are several),
    /// else the selected row.
    mutating func deleteMarkedOrSelected() -> [ContactListEffect] {
        guard !marks.isEmpty else { return deleteSelected() }
        guard !isWaitingToQuit else {
            statusMessage = "Quitting: no new changes. \(waitingToQuitMessage)"
            return []
        }
        if marks.count == 1 { return deleteMarked() }
        bulkDeletePrompt = marks.count
        return []
    }

    /// The answer to "Delete N contacts? y/N": `y` deletes them, any other key cancels.
    mutating func answerBulkDeletePrompt(_ key: Key) -> [ContactListEffect] {
        bulkDeletePrompt = nil
        guard key == .character("y") || key == .character("Y") else {
            statusMessage = "Nothing deleted; the marks stay (u clears them)"
            return []
        }
        return deleteMarked()
    }

    /// The marked records in the list's order: loaded rows as shown now, the others after them
    /// in query order.
    var markedRecordsInOrder: [ContactRecord] {
        var loaded: [ContactRecord] = []
        for record in dataRows where marks[record.id] != nil { loaded.append(record) }
        let loadedSet = Set(loaded.map(\.id))
        let others = marks.values.filter { !loadedSet.contains($0.id) }.sorted {
            (queryOrder[$0.id] ?? Int.max, $0.id) < (queryOrder[$1.id] ?? Int.max, $1.id)
        }
        return loaded + others
    }
}

extension ContactListModel {
    // MARK: - Scrolling a long alert

    /// The scroll keys scroll the alert shown; a new alert at the head starts at its top.
    mutating func scrollAlert(with key: Key, wasShowing shown: Alert) {
        guard let alert = alerts.first, alert == shown else {
            alertScrollOffset = 0
            return
        }
        let page = AlertView.visibleLines(listRows: visibleRowCount)
        guard let offset = Self.scrolled(alertScrollOffset, by: key, page: page) else { return }
        let lines = AlertView.lines(of: alert, width: AlertView.maxContentWidth).count
        alertScrollOffset = max(0, min(offset, lines - page))
    }
}
