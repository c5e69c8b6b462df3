import RestCore

extension ContactListModel {
    /// Takes up the changes a process that is gone left in the durable outbox (a crash, `kill -9`,
    /// power lost mid-delete), before anything else is sent. A delete is never sent again: its row
    /// stays hidden while the record is read back, as a delete whose answer was lost is, and the
    /// read settles it (gone: deleted; found: the row comes back with an alert). An edit is not sent
    /// again either: the list shows the org's value, and the status says so. Returns the
    /// outbox's new entries and the reads.
    public mutating func resumeLeftChanges(_ left: [DurableChange]) -> [ContactListEffect] {
        var reads: [ContactListEffect] = []
        var edits = 0
        for change in left {
            switch change.kind {
            case .delete:
                let record = change.record
                guard record.isRecord, !changes.pendingDeleteIDs.contains(record.id),
                    !changes.confirmedDeletedIDs.contains(record.id)
                else { continue }
                let key = RestRequestID()
                changes.recordDelete(DeletedItemInfo(record: record, row: 0, query: change.query), key: key)
                if let index = dataRows.firstIndex(where: { $0.id == record.id }) { removeRow(at: index) }
                reads += readBack(record, fields: "Id", for: .reconcileDelete(deleteID: key), status: "")
            case .update:
                edits += 1
            }
        }
        clampSelection()
        if !reads.isEmpty || edits > 0 {
            notices.statusMessage =
                "From the last session: \(reads.count) deletes being checked, \(edits) edits left as the org has them"
        }
        return changes.takeJournal() + reads
    }
}
