import RestCore

extension ContactListModel {
    // MARK: - The Recycle Bin view (`--recycle-bin`)

    /// The first page of `soql`: from `queryAll` in the Recycle Bin (deleted records are
    /// invisible to `query`), else from `query`.
    func firstPageRequest(_ soql: String) -> RestRequest {
        run.readsRecycleBin
            ? requests.request(forQueryAll: soql, apiVersion: nil, batchSize: batchSize)
            : requests.request(forQuery: soql, apiVersion: nil, batchSize: batchSize)
    }

    /// The sentence `d` and `e` answer in the Recycle Bin.
    static let recycleBinRefusal = "These records are in the Recycle Bin: U restores them; d and e do nothing here."

    /// `U` in the Recycle Bin: restores the marked rows, or the selected one; they leave the view
    /// at once, and come back on top when the org refuses.
    mutating func restoreFromBin() -> [ContactListEffect] {
        let records = viewport.marks.isEmpty ? selectedRecord.map { [$0] } ?? [] : markedRecordsInOrder
        let valid = records.filter { SalesforceID.isValid($0.id) && ObjectName.isValid($0.objectType) }
        guard !valid.isEmpty else { return [] }
        let effects = undelete(
            UndoableDelete(entries: valid.map { .init(key: RestRequestID(), record: $0) }, query: query))
        guard !effects.isEmpty else { return [] }
        for record in valid { viewport.marks[record.id] = nil }
        // Offline, the rows stay, marked ↺, while their undeletes wait in the outbox.
        guard !offline.isOffline else { return effects }
        for record in valid { removeRow(id: record.id) }
        clampSelection()
        return effects + loadMoreIfNeeded()
    }
}
