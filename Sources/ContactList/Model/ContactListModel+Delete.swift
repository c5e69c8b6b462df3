import RestCore

extension ContactListModel {
    // MARK: - Delete with rollback

    /// `d`: takes the highlighted row out at once and sends its DELETE; a record whose delete
    /// would take others with it (an Account's Contacts) is named with them in a question first.
    mutating func deleteSelected() -> [ContactListEffect] {
        guard viewport.selection < shownCount else { return [] }
        let record = shownRecord(at: viewport.selection)
        if let refusal = refusalOfChange(to: record) {
            notices.statusMessage = refusal
            return []
        }
        let dependents = deleteDependents(of: [record])
        guard dependents == .none else {
            modes.modal = .bulkDeletePrompt(
                BulkDeletePrompt(
                    records: [record], labels: labels(of: [record]), hiddenCount: 0, hiddenByFilter: false, noun: noun,
                    dependents: dependents, fromMarks: false))
            return []
        }
        return deleteRow(at: dataIndex(ofShown: viewport.selection))
    }

    /// Takes the row at `index` of `dataRows` out at once and sends its DELETE.
    mutating func deleteRow(at index: Int) -> [ContactListEffect] {
        let record = dataRows[index]
        if offline.isOffline { return queueDeletes([record]) }
        let request = requests.requestForDelete(withObjectType: record.objectType, objectId: record.id, apiVersion: nil)
        guard requests.allowsSending(request) else {
            notices.statusMessage = "Read-only: \(label(of: record)) was not deleted (--read-only blocks changes)"
            return []
        }
        changes.recordDelete(
            DeletedItemInfo(record: record, row: index, query: query), key: request.id, journaled: withOrgValues(record)
        )
        changes.rememberForUndo([(request.id, record)], query: query)
        inFlight[request.id] = .delete
        removeRow(at: index)
        clampSelection()
        notices.statusMessage = "Deleting \(label(of: record))\(Self.alsoDeleted(with: record))…"
        return [.send(request)] + loadMoreIfNeeded()
    }

    /// Settles a DELETE by what its answer says: deleted (or already gone) forgets the entry,
    /// a refusal puts the record back with an alert, no answer reads the record back first.
    mutating func settleDelete(
        _ requestID: RestRequestID, result: Result<RestResponse, RestClientError>
    )
        -> [ContactListEffect]
    {
        guard let info = deleteRequests[requestID] else { return [] }
        if queuesUnsent(result) { return queueUnsentDelete(requestID) }
        let name = label(of: info.record)
        switch DeleteOutcome(result) {
        case .deleted:
            confirmDeleted(requestID, status: "Deleted \(name)\(Self.alsoDeleted(with: info.record))\(Self.undoHint)")
        case .alreadyDeleted:
            confirmDeleted(requestID, status: "\(name) was already deleted")
        case .refused(let error):
            reinstate(requestID, alert: .cannotDelete(error, name: name))
        case .unknown:
            // The entry stays pending (the row hidden) until the record is read back.
            changes.unknownOutcomes.insert(requestID)
            return readBack(
                info.record, fields: "Id", for: .reconcileDelete(deleteID: requestID),
                status: "No answer; checking whether \(name) was deleted…")
        }
        return []
    }

    /// Settles a DELETE that got no answer by the read of its record: gone means deleted,
    /// found means not deleted. A read with no answer either never comes here
    /// (`deferOutcomeRead` keeps it pending); one the org refused leaves the outcome to `r`.
    mutating func reconcileDelete(_ deleteID: RestRequestID, readBack result: Result<RestResponse, RestClientError>) {
        guard let info = deleteRequests[deleteID] else { return }
        let name = label(of: info.record)
        switch result {
        case .success:
            reinstate(deleteID, alert: .notDeletedWithoutAnswer(name: name))
        case .failure(let error) where error.httpStatus == 404:
            confirmDeleted(deleteID, status: "Deleted \(name)\(Self.undoHint)")
        case .failure:
            reinstate(deleteID, alert: .deleteOutcomeUnknown(name: name))
            notices.statusMessage = "Whether \(name) was deleted is unknown; r shows the server's list"
        }
    }

    /// Forgets a pending delete whose record is gone from the org; it never comes back.
    mutating func confirmDeleted(_ requestID: RestRequestID, status: String) {
        guard let info = changes.forgetDelete(requestID) else { return }
        changes.confirmDeleted(info.record.id)
        viewport.marks[info.record.id] = nil
        run.totalSize = max(0, run.totalSize - 1)
        run.deletedSinceQueryRan += 1
        // A refresh never shows a pending row, but never leave a deleted one behind.
        if removeRow(id: info.record.id) { clampSelection() }
        notices.statusMessage = status
    }

    /// Puts the record of a failed delete back, among the other reinstated rows at the top in
    /// query order, selects the first of them, and queues the alert (a bulk delete queues its own).
    mutating func reinstate(_ requestID: RestRequestID, alert: Alert?) {
        guard let info = changes.forgetDelete(requestID) else { return }
        putBack(info.record, query: info.query)
        // The selection stays on its record: `handle(response:for:)` puts it back there.
        if let alert { notices.alerts.append(alert) }
        notices.statusMessage = "Could not delete \(label(of: info.record))"
    }

    /// Puts the row of a change that did not happen back, among the other reinstated rows at the
    /// top in query order: a delete's in its list, an undelete's in the Recycle Bin (`leaveInBin`).
    mutating func putBack(_ record: ContactRecord, query listQuery: String?) {
        // A record of a list shown before `:` switched the query does not join this one.
        guard !rows.contains(record.id), listQuery == nil || listQuery == query else { return }
        let order = rows.queryOrder(of: record.id) ?? Int.min
        var index = 0
        while index < dataRows.count, rows.reinstatedIDs.contains(dataRows[index].id),
            rows.queryOrder(of: dataRows[index].id) ?? Int.min < order
        {
            index += 1
        }
        insertRow(record, at: index)
        rows.reinstatedIDs.insert(record.id)
    }
}

extension ContactListModel {
    /// Reads `fields` (nil: all) of a record whose change got no answer, for the purpose that settles it.
    mutating func readBack(
        _ record: ContactRecord, fields: String?, for purpose: Purpose, status: String
    ) -> [ContactListEffect] {
        let request = requests.requestForRetrieve(
            withObjectType: record.objectType, objectId: record.id, fieldList: fields, apiVersion: nil)
        notices.statusMessage = status
        return sendOutcomeRead(request, for: purpose)
    }
}
