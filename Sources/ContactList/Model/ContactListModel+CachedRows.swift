import RestCore

extension ContactListModel {
    /// Shows the local replica's rows of this query at once, before the org answers: each a
    /// record as a query result holds it (`Id`, `attributes.type`, the columns' fields). The org's
    /// first page then replaces them (the selection staying on its record) and the header turns
    /// from `cached AGE · syncing…` to `synced`. Nothing happens once rows are shown.
    public mutating func showCachedRows(_ records: [JSONValue], age: String) {
        // The rows of left creates and undeletes may be shown already: the kept rows join them.
        guard dataRows.allSatisfy(isLeftChangeRow), rowsAreRecords, !records.isEmpty else { return }
        let pendingIDs = changes.pendingDeleteIDs
        for json in records {
            guard let record = ContactRecord(json: json, columns: run.columns), !rows.ids.contains(record.id) else {
                continue
            }
            // A pending row gets its place too, so that a left delete put back lands in order.
            rows.queryOrder[record.id] = rows.nextQueryOrder
            rows.nextQueryOrder += Self.queryOrderStride
            guard !pendingIDs.contains(record.id) else { continue }
            rows.append(record)
        }
        updateFilter { $0.rebuild(index: $1) }
        run.cachedRowsStatus = .cached(age: age)
        clampSelection()
    }

    /// Whether `record`'s row shows a change in flight that `resumeLeftChanges` took up before any
    /// row was shown: a create's placeholder, or a record being restored.
    private func isLeftChangeRow(_ record: ContactRecord) -> Bool {
        record.id.hasPrefix(PendingCreate.idPrefix) || changes.pendingUndeleteIDs.contains(record.id)
    }

    /// Takes the replica's rows off the list while they are still shown in place of the org's
    /// (the org named another user than the one they were kept for); the org's rows stay.
    public mutating func dropCachedRows() {
        guard case .cached = run.cachedRowsStatus else { return }
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
