import RestCore

extension ContactListModel {
    // MARK: - Marks

    /// Whether the record is marked.
    public func isMarked(_ id: String) -> Bool {
        viewport.marks[id] != nil
    }

    /// Space: marks or unmarks the selected row, then moves down.
    mutating func toggleMarkAndMoveDown() -> [ContactListEffect] {
        guard let record = selectedRecord else { return [] }
        if viewport.marks[record.id] == nil, let refusal = refusalOfChange(to: record) {
            notices.statusMessage = refusal
            return []
        }
        viewport.marks[record.id] = viewport.marks[record.id] == nil ? record : nil
        let wasOnLastRow = viewport.selection >= shownCount - 1
        moveSelection(by: 1)
        return loadMoreIfNeeded(pastTheEnd: wasOnLastRow)
    }

    /// `*`: marks every row shown (with a filter set, the rows it matches).
    mutating func markAllShown() {
        for position in 0..<shownCount {
            let record = shownRecord(at: position)
            // Only records that `d` may change: a made-up Id is never marked.
            if refusalOfChange(to: record) == nil { viewport.marks[record.id] = record }
        }
        // Only what is shown is marked: say so when the org holds more that match.
        notices.statusMessage =
            rows.orgSearch.wasCut
            ? "Marked the \(shownCount) shown; more in the org match (the search stops at \(SOSLText.limit))"
            : run.nextRecordsURL != nil && filter != nil
                ? "Marked the \(shownCount) shown; pages not loaded are not marked" : ""
    }

    /// `u`: clears every mark.
    mutating func clearMarks() {
        viewport.marks.removeAll()
        notices.statusMessage = ""
    }

    /// `d`: the marked records when there are marks, else the selected row. Marks are deleted
    /// at once only when the one mark is the highlighted row; otherwise `d` asks first, naming
    /// them and saying how many the screen does not show.
    mutating func deleteMarkedOrSelected() -> [ContactListEffect] {
        guard !viewport.marks.isEmpty else { return deleteSelected() }
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return []
        }
        let records = markedRecordsInOrder
        let dependents = deleteDependents(of: records)
        if records.count == 1, records[0].id == selectedRecord?.id, dependents == .none {
            return deleteMarked(records)
        }
        var shownIDs = Set<String>()
        for position in 0..<shownCount { shownIDs.insert(shownRecord(at: position).id) }
        let hidden = records.count { !shownIDs.contains($0.id) }
        modes.modal = .bulkDeletePrompt(
            BulkDeletePrompt(
                records: records, labels: labels(of: records), hiddenCount: hidden, hiddenByFilter: filter != nil,
                noun: noun, dependents: dependents))
        return []
    }

    /// The answer to "Delete N contacts? y/N": `y` deletes the records it named, `l` lists them all
    /// (the scroll keys then scroll the list), any other key cancels.
    mutating func answerBulkDeletePrompt(_ key: Key) -> [ContactListEffect] {
        guard var prompt = bulkDeletePrompt else { return [] }
        if key == .character("y") || key == .character("Y") {
            modes.modal = nil
            // A quit asked for while the question was up means no new changes.
            if let refusal = refusalOfAnyChange() {
                notices.statusMessage = refusal
                return []
            }
            // Only those still marked (a record deleted meanwhile lost its mark), or the one row
            // asked about while it is still shown.
            return deleteMarked(
                prompt.records.filter { prompt.fromMarks ? viewport.marks[$0.id] != nil : rows.contains($0.id) })
        }
        if !prompt.isListing, prompt.records.count > 1, key == .character("l") {
            prompt.isListing = true
            modes.modal = .bulkDeletePrompt(prompt)
            return []
        }
        if prompt.isListing {
            let page = BulkDeletePromptView.visibleNames(listRows: visibleRowCount)
            if let offset = Self.scrolled(prompt.scrollOffset, by: key, page: page) {
                prompt.scrollOffset = max(0, min(offset, prompt.records.count - page))
                modes.modal = .bulkDeletePrompt(prompt)
                return []
            }
        }
        modes.modal = nil
        notices.statusMessage = prompt.fromMarks ? "Nothing deleted; the marks stay (u clears them)" : "Nothing deleted"
        return []
    }

    /// The marked records in the list's order: loaded rows as shown now, the others after them
    /// in query order.
    var markedRecordsInOrder: [ContactRecord] {
        var loaded: [ContactRecord] = []
        for record in dataRows where viewport.marks[record.id] != nil { loaded.append(record) }
        let loadedSet = Set(loaded.map(\.id))
        let others = viewport.marks.values.filter { !loadedSet.contains($0.id) }.sorted {
            (rows.queryOrder(of: $0.id) ?? Int.max, $0.id) < (rows.queryOrder(of: $1.id) ?? Int.max, $1.id)
        }
        return loaded + others
    }
}

extension ContactListModel {
    // MARK: - Scrolling a long alert

    /// The scroll keys scroll the alert shown; a new alert at the head starts at its top.
    mutating func scrollAlert(with key: Key, wasShowing shown: Alert) {
        guard let alert = notices.alerts.first, alert == shown else {
            viewport.alertScrollOffset = 0
            return
        }
        let page = AlertView.visibleLines(listRows: visibleRowCount)
        guard let offset = Self.scrolled(viewport.alertScrollOffset, by: key, page: page) else { return }
        let lines = AlertView.lines(of: alert, width: AlertView.maxContentWidth).count
        viewport.alertScrollOffset = max(0, min(offset, lines - page))
    }
}
