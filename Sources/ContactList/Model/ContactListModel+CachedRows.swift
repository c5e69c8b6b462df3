import RestCore

extension ContactListModel {
    /// Shows the local replica's rows of this query at once, before the org answers: each a
    /// record as a query result holds it (`Id`, `attributes.type`, the columns' fields). The org's
    /// first page then replaces them (the selection staying on its record) and the header turns
    /// from `cached AGE · syncing…` to `synced`. Nothing happens once rows are shown.
    public mutating func showCachedRows(_ records: [JSONValue], age: String) {
        // New records waiting for the org (left or queued) may be shown already: they stay on top.
        guard !dataRows.contains(where: { !$0.id.hasPrefix(PendingCreate.idPrefix) }), rowsAreRecords,
            !records.isEmpty
        else { return }
        let pendingIDs = changes.pendingDeleteIDs
        let pending = pendingValuesByRecord
        for json in records {
            guard let read = ContactRecord(json: json, columns: run.columns), !rows.ids.contains(read.id) else {
                continue
            }
            let record = withPendingUpdates(read, pending)
            // A pending row gets its place too, so that a left delete put back lands in order.
            rows.queryOrder[record.id] = rows.nextQueryOrder
            rows.nextQueryOrder += Self.queryOrderStride
            guard !pendingIDs.contains(record.id) else { continue }
            rows.append(record)
        }
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = offline.isOffline ? .offline(cachedAge: age) : .cached(age: age)
        clampSelection()
    }

    /// Takes the replica's rows off the list while they are still shown in place of the org's
    /// (the org named another user than the one they were kept for); the org's rows stay.
    public mutating func dropCachedRows() {
        switch run.cachedRowsStatus {
        case .cached, .offline: break
        case .none, .synced: return
        }
        rows.removeAll()
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = .none
        clampSelection()
    }

    /// The page's records for the replica, when the runner keeps one. Only a run in the query's
    /// own order is kept, under the query: a start shows its rows in the order its first page
    /// then keeps (a run `s` sorted would be shown out of order, and put rows back out of order).
    func keptRows(_ records: [ContactRecord], firstPosition: Int) -> [ContactListEffect] {
        guard keepsRows, rowsAreRecords, run.sort == nil, !records.isEmpty || firstPosition == 0 else { return [] }
        return [
            .keepRows(
                KeptRows(
                    query: query, columnPaths: run.columns.map(\.path), records: records,
                    firstPosition: firstPosition))
        ]
    }
}
