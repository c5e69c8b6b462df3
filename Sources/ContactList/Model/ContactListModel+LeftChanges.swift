import RestCore

extension ContactListModel {
    /// Takes up the changes a process that is gone left in the durable outbox (a crash, `kill -9`,
    /// power lost mid-delete), before anything else is sent. A delete is never sent again: its row
    /// stays hidden while the record is read back, as a delete whose answer was lost is, and the
    /// read settles it (gone: deleted; found: the row comes back), and when the last is read one
    /// alert says what became of them. An edit is not sent
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
                changes.leftDeletes.pending += 1
                reads += readBack(record, fields: "Id", for: .reconcileLeftDelete(deleteID: key), status: "")
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

    /// Settles a left delete by the read of its record: gone means the delete was done (the org's
    /// count already left it out), found or unreadable puts the row back. The last one's read shows
    /// one alert for all of them.
    mutating func settleLeftDelete(_ key: RestRequestID, readBack result: Result<RestResponse, RestClientError>) {
        guard deleteRequests[key] != nil else { return }
        switch result {
        case .failure(let error) where error.httpStatus == 404:
            if let info = changes.forgetDelete(key) {
                changes.confirmDeleted(info.record.id)
                viewport.marks[info.record.id] = nil
            }
            changes.leftDeletes.deleted += 1
        case .success:
            reinstate(key, alert: nil)
            changes.leftDeletes.putBack += 1
        case .failure:
            reinstate(key, alert: nil)
            changes.leftDeletes.unknown += 1
        }
        changes.leftDeletes.pending -= 1
        guard changes.leftDeletes.pending == 0 else { return }
        notices.alerts.append(changes.leftDeletes.alert)
        notices.statusMessage = ""
        changes.leftDeletes = LeftDeleteTally()
    }
}

/// What the reads of the deletes left by a dead process found: each was done, not done (its row
/// put back), or could not be read (put back too, for `r` to show the org's list).
struct LeftDeleteTally: Hashable, Sendable {
    var pending = 0
    var deleted = 0
    var putBack = 0
    var unknown = 0

    /// `From the last session: 3 deleted, 1 not deleted — put back`.
    var alert: Alert {
        var parts: [String] = []
        if deleted > 0 { parts.append("\(deleted) deleted") }
        if putBack > 0 { parts.append("\(putBack) not deleted — put back") }
        if unknown > 0 { parts.append("\(unknown) unknown — put back; r shows the org's list") }
        return Alert(title: "From the last session", message: parts.joined(separator: ", "))
    }
}
