extension ContactListModel {
    // MARK: - The changes not settled (`p`)

    /// Every change not settled, the oldest first: in flight, being read back after a lost answer,
    /// queued, or left by a process that is gone. Made once for each state of them
    /// (`OutboxItemsCache`), not once a frame.
    public var outboxItems: [OutboxItem] { outboxCache.items { makeOutboxItems() } }

    /// After each key and answer: gives the changes made by it their time, and takes their outbox
    /// effects. `changes` is left untouched when there is nothing to do, so that `p` keeps its
    /// rows (a touch, even one that changes nothing, makes them again).
    mutating func stampAndTakeJournal() -> [ContactListEffect] {
        if changes.hasUnstamped { changes.stampNew(at: notices.now()) }
        return changes.hasJournal ? changes.takeJournal() : []
    }

    private func makeOutboxItems() -> [OutboxItem] {
        let queued = offline.entries.map { entry in
            OutboxItem(
                change: entry.inFlight, isUnknown: false, since: entry.since, queuedState: entry.state,
                orgChange: entry.state == .conflict ? entry.orgChange : nil)
        }
        // Each name is read once before sorting: a record kept in the replica's snapshot makes
        // its name from its bytes each time it is asked.
        return
            (changes.unsettled.map {
                OutboxItem(
                    change: $0, isUnknown: changes.unknownOutcomes.contains($0.requestID),
                    since: changes.since[$0.requestID])
            } + queued)
            .map { (item: $0, name: $0.change.record.displayName) }
            .sorted {
                ($0.item.since ?? .distantPast, $0.name, $0.item.change.record.id, $0.item.kindName)
                    < ($1.item.since ?? .distantPast, $1.name, $1.item.change.record.id, $1.item.kindName)
            }
            .map(\.item)
    }

    /// The list scrolls with the scroll keys and Esc (or `p`) closes it; `x` discards the
    /// selected row's queued change; every other key is dropped, so that none reaches the list
    /// under it.
    mutating func handleOutbox(key: Key) -> [ContactListEffect] {
        guard case .outbox(let offset) = modes.modal else { return [] }
        if key == .escape || key == .character("p") {
            modes.modal = nil
            return []
        }
        if key == .character("x") { return discardSelectedQueued() }
        let page = MessagesView.visibleLines(listRows: visibleRowCount)
        guard let moved = Self.scrolled(offset, by: key, page: page) else { return [] }
        // One line per item (or the one that says nothing waits): counted, not formatted.
        let lines = max(1, changes.unsettledCount + offline.entries.count)
        modes.modal = .outbox(scrollOffset: max(0, min(moved, lines - page)))
        return []
    }
}
