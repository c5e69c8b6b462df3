import RestCore

extension ContactListModel {
    // MARK: - A refresh that keeps the selection on its record

    /// The first page of a refresh: when it does not list the selected record and
    /// more pages follow, the pages are kept aside and read on until one does, so that the list is
    /// replaced once, with the selection still on its record. Nil when the page is applied at once.
    mutating func beginRefreshStaging(_ page: QueryResult) -> [ContactListEffect]? {
        // A row the org search found is not in the query's pages: nothing to read on for.
        guard !page.done, page.nextRecordsUrl != nil, !dataRows.isEmpty, viewport.selection < localMatchCount else {
            return nil
        }
        // The record itself is sought; its neighbours only stand in when it is gone for good.
        let selected: Set = [shownRecord(at: viewport.selection).id]
        guard !Self.lists(page, anyOf: selected) else { return nil }
        run.refreshStaging = RefreshStaging(selectedIDs: selected, limit: rows.orgRowsStart + batchSize)
        return stageRefreshPage(page)
    }

    /// Keeps a page of a refresh aside, then asks for the next one, or applies every kept page
    /// once the selection's record is among them (or it cannot be found).
    mutating func stageRefreshPage(_ page: QueryResult) -> [ContactListEffect] {
        guard var staging = run.refreshStaging else { return [] }
        staging.pages.append(page)
        staging.rows += page.records.count
        // The record selected now is the one sought: the user may have moved while pages came.
        let sought: Set<String> = selectedRecord.map { [$0.id] } ?? staging.selectedIDs
        if let next = page.nextRecordsUrl, !page.done, staging.rows < staging.limit,
            !staging.pages.contains(where: { Self.lists($0, anyOf: sought) })
        {
            run.refreshStaging = staging
            notices.statusMessage = "Refreshing… \(staging.rows) of \(page.totalSize) read again"
            let request = requests.request(forNextRecordsURL: next)
            inFlight[request.id] = .nextPage(generation: run.generation)
            return [.send(request)]
        }
        run.refreshStaging = nil
        run.isReplayingStagedPages = true
        // Asking for no page meanwhile, each applied page gives only its rows for the replica.
        var kept: [ContactListEffect] = []
        for (index, staged) in staging.pages.enumerated() {
            kept += applyPage(staged, replacing: index == 0, restarting: index == 0)
        }
        run.isReplayingStagedPages = false
        if notices.statusMessage.hasPrefix("Refreshing") { notices.statusMessage = "" }
        return kept + loadMoreIfNeeded()
    }

    /// Whether a page lists any of the ids.
    static func lists(_ page: QueryResult, anyOf ids: Set<String>) -> Bool {
        page.records.contains { $0["Id"]?.stringValue.map(ids.contains) == true }
    }

    // MARK: - Keys typed while a page loads

    /// Applies the moves down typed past the last row while its page loaded. They ask for no
    /// page themselves: a filter still fetches one page a press, and without one the list pages
    /// ahead as the selection nears the end, as for any move.
    mutating func applyQueuedMoves() -> [ContactListEffect] {
        guard viewport.queuedMoveDown > 0, !isLoading else { return [] }
        let rows = viewport.queuedMoveDown
        viewport.queuedMoveDown = 0
        moveSelection(by: rows)
        return loadMoreIfNeeded()
    }
}
