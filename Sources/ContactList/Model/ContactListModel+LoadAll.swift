extension ContactListModel {
    // MARK: - G with pages left: load them all

    /// `G` while pages remain: asks before loading them all, since that may be many requests.
    mutating func askToLoadAll() -> [ContactListEffect] {
        let loaded = rows.orgRowsStart
        modes.modal = .loadAllPrompt(LoadAll(remaining: max(0, run.totalSize - loaded), loadedAtStart: loaded))
        return []
    }

    /// `y` loads every remaining page, the selection landing on the true last row; any other key
    /// goes to the last row loaded, as `G` does when nothing remains.
    mutating func answerLoadAllPrompt(_ key: Key) -> [ContactListEffect] {
        guard case .loadAllPrompt(let loadAll) = modes.modal else { return [] }
        guard key == .character("y") || key == .character("Y") else {
            modes.modal = nil
            moveSelection(to: shownCount - 1)
            return loadMoreIfNeeded(pastTheEnd: true)
        }
        modes.modal = .loadingAll(loadAll)
        notices.statusMessage = ""
        return loadMoreIfNeeded() + finishLoadingAllIfDone()
    }

    /// While every page loads only Esc acts: it stops after the page in flight, where the rows are.
    mutating func handleLoadingAll(key: Key) -> [ContactListEffect] {
        if key == .escape {
            modes.modal = nil
            notices.statusMessage = "Stopped loading every page (a page already asked for still arrives)"
        } else {
            notices.statusMessage = "Loading every page; that key did nothing (Esc stops)"
        }
        return []
    }

    /// Ends the load of every page once none remains (or a page failed), with the selection on
    /// the last row.
    mutating func finishLoadingAllIfDone() -> [ContactListEffect] {
        guard isLoadingAll, !isLoading else { return [] }
        modes.modal = nil
        if run.nextRecordsURL == nil {
            moveSelection(to: shownCount - 1)
            // The load's own notes ("that key did nothing") end with it; a page error stays.
            notices.statusMessage = "All \(GroupedNumber.text(rows.orgRowsStart)) \(noun.plural) loaded"
        }
        return []
    }

    /// Whether a next page of the current query is in flight.
    var hasNextPageInFlight: Bool {
        inFlight.values.contains {
            if case .nextPage(let generation) = $0 { return generation == run.generation }
            return false
        }
    }
}
