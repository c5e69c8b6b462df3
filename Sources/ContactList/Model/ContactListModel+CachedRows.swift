import RestCore

extension ContactListModel {
    /// How the local replica keeps this list's rows ready to show: its columns and its ORDER BY.
    public var readyRowFormat: ReadyRowFormat {
        ReadyRowFormat(columns: run.columns, order: RowOrder(query: query))
    }

    /// Shows the replica's list at once (as `showCachedRows(_:age:)` does); when the replica holds
    /// the whole list, `start()` then syncs it by what changed (`beginSync`) instead of loading
    /// it again.
    public mutating func showCachedRows(_ list: ReplicatedList, age: String) {
        showCachedRows(list.rows, age: age)
        syncCachedRows(of: list, rows: [ReadyChunk(unfolded: list.rows)])
    }

    /// When the replica holds the whole list (`list`'s state), sets up its sync by what changed,
    /// which `start()` then begins (`beginSync`) instead of loading the list again. `chunks` are
    /// every row of the list, as shown (a start shows them a chunk at a time); their places in
    /// the order are worked out when the sync's answers need them.
    public mutating func syncCachedRows(of list: ReplicatedList, rows chunks: [ReadyChunk]) {
        guard case .cached = run.cachedRowsStatus, list.isComplete, replicatesList,
            let since = list.lastSystemModstamp, let order = RowOrder(query: query)
        else { return }
        run.sync = IncrementalSync(
            since: since, replicaSyncedAt: list.syncedAt, startedAt: notices.now(), mode: .delta, order: order,
            keys: [:], unkeyed: chunks)
    }

    /// Shows the local replica's rows of this query at once, before the org answers: each a
    /// record as a query result holds it (`Id`, `attributes.type`, the columns' fields). The org's
    /// first page then replaces them (the selection staying on its record) and the header turns
    /// from `cached AGE · syncing…` to `synced`. While the replica's rows are shown, a second call
    /// adds the rows not shown yet after them (a start shows a screenful first); once the org's
    /// rows are shown, nothing happens.
    public mutating func showCachedRows(_ records: [JSONValue], age: String) {
        let format = readyRowFormat
        showCachedRows(records.compactMap(format.row(of:)), age: age)
    }

    /// Makes room for `count` rows of the replica about to be shown a chunk at a time, so that
    /// the list's tables grow once, not once a chunk.
    public mutating func reserveCachedRows(_ count: Int) {
        rows.reserveCapacity(adding: count, bytesPerRow: rows.searchIndex.bytesPerRow)
    }

    /// Shows rows the replica kept ready (`ReadyRow`), as `showCachedRows(_:age:)` shows records.
    public mutating func showCachedRows(_ ready: [ReadyRow], age: String) {
        showCachedRows(ReadyChunk(unfolded: ready), age: age)
    }

    /// Shows a chunk of rows the replica kept ready, their text folded already where they were read.
    public mutating func showCachedRows(_ chunk: ReadyChunk, age: String) {
        // New records waiting for the org (left or queued) and the rows of left undeletes may be
        // shown already: the kept rows join them. Rows the replica gave already (a screenful, at
        // once) are followed by the rest.
        let showsReplicaRows: Bool
        switch run.cachedRowsStatus {
        case .cached, .offline: showsReplicaRows = true
        case .none, .synced, .replicating: showsReplicaRows = false
        }
        guard showsReplicaRows || dataRows.allSatisfy(isLeftChangeRow), rowsAreRecords, chunk.count > 0 else {
            return
        }
        let pendingIDs = changes.pendingDeleteIDs
        let pending = pendingValuesByRecord
        // Rows placed already (a screenful shown first, or a change in flight) keep their place
        // and are shown once.
        let checksPlaced = showsReplicaRows && !rows.recordIDs.isEmpty
        // The chunk's widths stand for its rows' when every row is shown as kept; a row held back
        // by a change in flight would widen the columns with a value not shown, so a chunk that
        // holds one measures its rows one by one.
        let pendingKeys = Set(pendingIDs.map(RecordIDKey.init)).union(pending.keys.map(RecordIDKey.init))
        let holdsPending =
            !pendingKeys.isEmpty && (0..<chunk.count).contains { pendingKeys.contains(chunk.key(at: $0)) }
        let widths = holdsPending ? nil : chunk.widths
        rows.reserveCapacity(adding: chunk.count)
        for index in 0..<chunk.count {
            if widths != nil {
                // No change in flight: each row is placed and loaded with one lookup of its id (a
                // start takes 100,000 of them here).
                if rows.append(
                    kept: { chunk.record(at: index) }, key: chunk.key(at: index), order: rows.nextQueryOrder,
                    keepsPlace: checksPlaced, foldedRow: index, of: chunk.index)
                {
                    rows.nextQueryOrder += Self.queryOrderStride
                }
                continue
            }
            let record = chunk.record(at: index)
            if checksPlaced, rows.queryOrder(of: record.id) != nil { continue }
            // A pending row gets its place too, so that a left delete put back lands in order.
            let appended =
                if pendingIDs.contains(record.id) {
                    true
                } else if pending[record.id] != nil {
                    rows.append(withPendingUpdates(record, pending))
                } else {
                    rows.append(
                        kept: record, key: chunk.key(at: index), foldedRow: index, of: chunk.index,
                        measured: chunk.measures(of: record, at: index))
                }
            // A row loaded already (a record being restored) stays as it was.
            guard appended else { continue }
            rows.setQueryOrder(rows.nextQueryOrder, of: record.id)
            rows.nextQueryOrder += Self.queryOrderStride
        }
        if let widths { rows.widen(to: widths) }
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = offline.isOffline ? .offline(cachedAge: age) : .cached(age: age)
        clampSelection()
    }

    /// Whether `record`'s row shows a change in flight that `resumeLeftChanges` took up before any
    /// row was shown: a create's placeholder, or a record being restored.
    private func isLeftChangeRow(_ record: ContactRecord) -> Bool {
        record.id.hasPrefix(PendingCreate.idPrefix) || changes.pendingUndeleteIDs.contains(record.id)
            || offline.isQueuedUndelete(record.id)
    }

    /// Takes the replica's rows off the list while they are still shown in place of the org's
    /// (the org named another user than the one they were kept for); the org's rows stay. A sync
    /// of them under way gives way to a load of the list (its first page is returned).
    @discardableResult
    public mutating func dropCachedRows() -> [ContactListEffect] {
        switch run.cachedRowsStatus {
        case .cached, .offline: break
        case .none, .synced, .replicating: return []
        }
        rows.removeAll()
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = .none
        clampSelection()
        guard run.sync != nil else { return [] }
        return runQueryAgain(merging: false, status: "Loading…")
    }
}
