import RestCore

extension ContactListModel {
    /// Shows the replica's list at once (as `showCachedRows(_:age:)` does); when the replica holds
    /// the whole list, `start()` then syncs it by what changed (`beginSync`) instead of loading
    /// it again.
    public mutating func showCachedRows(_ list: ReplicatedList, age: String) {
        guard dataRows.isEmpty else { return }
        showCachedRows(list.records, age: age)
        guard case .cached = run.cachedRowsStatus, list.isComplete, replicatesList,
            let since = list.lastSystemModstamp, let order = RowOrder(query: query)
        else { return }
        var keys: [String: RowOrder.Key] = [:]
        keys.reserveCapacity(list.records.count)
        for record in list.records {
            guard let id = record["Id"]?.stringValue else { continue }
            keys[id] = order.key(of: record, id: id)
        }
        run.sync = IncrementalSync(
            since: since, replicaSyncedAt: list.syncedAt, startedAt: notices.now(), mode: .delta, order: order,
            keys: keys)
    }

    /// Shows the local replica's rows of this query at once, before the org answers: each a
    /// record as a query result holds it (`Id`, `attributes.type`, the columns' fields). The org's
    /// first page then replaces them (the selection staying on its record) and the header turns
    /// from `cached AGE · syncing…` to `synced`. Nothing happens once rows are shown.
    public mutating func showCachedRows(_ records: [JSONValue], age: String) {
        guard dataRows.isEmpty, rowsAreRecords, !records.isEmpty else { return }
        let pendingIDs = changes.pendingDeleteIDs
        for json in records {
            guard let record = ContactRecord(json: json, columns: run.columns), !pendingIDs.contains(record.id),
                !rows.ids.contains(record.id)
            else { continue }
            rows.queryOrder[record.id] = rows.nextQueryOrder
            rows.nextQueryOrder += Self.queryOrderStride
            rows.append(record)
        }
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = .cached(age: age)
        clampSelection()
    }

    /// Takes the replica's rows off the list while they are still shown in place of the org's
    /// (the org named another user than the one they were kept for); the org's rows stay. A sync
    /// of them under way gives way to a load of the list (its first page is returned).
    @discardableResult
    public mutating func dropCachedRows() -> [ContactListEffect] {
        guard case .cached = run.cachedRowsStatus else { return [] }
        rows.removeAll()
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = .none
        clampSelection()
        guard run.sync != nil else { return [] }
        return runQueryAgain(merging: false, status: "Loading…")
    }
}
