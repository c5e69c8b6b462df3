import RestCore
import SOQL

extension ContactListModel {
    // MARK: - Undo: the Recycle Bin through SOAP undelete

    /// What the status line adds after a delete that `U` can take back.
    static let undoHint = " · U undo"

    /// `U`: takes back the latest delete of this session whose records are still in the Recycle
    /// Bin (again walks further back). The rows come back at once; a delete still in flight is
    /// undone once it settles.
    mutating func undoLastDelete() -> [ContactListEffect] {
        if let refusal = refusalOfAnyChange() {
            notices.statusMessage = refusal
            return []
        }
        if run.readsRecycleBin { return restoreFromBin() }
        // A delete the org refused in whole has nothing in the bin: it is skipped, and forgotten.
        while let latest = changes.undoHistory.last {
            let undoable = latest.entries.filter { isUndoable($0) }
            guard !undoable.isEmpty else {
                changes.undoHistory.removeLast()
                continue
            }
            let group = UndoableDelete(entries: undoable, query: latest.query)
            // A delete of another list: its rows are not on the screen, so `U` names them first and
            // restores them only when pressed again while that sentence shows.
            if !isThisList(group.query) {
                let offer = undoOffer(for: group)
                guard changes.undoOffer == offer, notices.statusMessage == offer.sentence else {
                    changes.undoOffer = offer
                    notices.statusMessage = offer.sentence
                    return []
                }
            }
            changes.undoOffer = nil
            changes.undoHistory.removeLast()
            if let waiting = undoable.first(where: { changes.deletes[$0.key] != nil }) {
                changes.undoAfterSettling.append(group)
                notices.statusMessage =
                    "Undo waits for the delete of \(label(of: waiting.record)) to settle…"
                return []
            }
            return undelete(group)
        }
        notices.statusMessage = "Nothing to undo: no delete of this session is in the Recycle Bin."
        return []
    }

    /// Whether records deleted from the list of `listQuery` show in this one: nil is any list.
    /// Only there do restored rows come back and count; elsewhere the org restores them all the same.
    func isThisList(_ listQuery: String?) -> Bool { listQuery == nil || listQuery == query }

    /// What `U` says of a delete made in another list before it restores it.
    private func undoOffer(for group: UndoableDelete) -> UndoOffer {
        let records = group.entries.map(\.record)
        let what = records.count == 1 ? label(of: records[0]) : noun.count(records.count)
        return UndoOffer(
            keys: group.entries.map(\.key),
            sentence:
                "U again restores \(what), deleted in another list: \(records.count == 1 ? "it shows" : "they show")"
                + " there, not in this one.")
    }

    /// What a status line about `count` records restored adds when they were deleted from another
    /// list: the org has them back, and this list will not show them.
    static func restoredElsewhereNote(count: Int) -> String {
        " for the list \(count == 1 ? "it was" : "they were") deleted from"
    }

    /// Whether an entry of a delete may be undone: its delete is in flight, or confirmed (and not
    /// taken back since).
    private func isUndoable(_ entry: UndoableDelete.Entry) -> Bool {
        changes.deletes[entry.key] != nil || changes.confirmedDeletedIDs.contains(entry.record.id)
    }

    /// Undoes the deletes `U` waited for once none of their records' deletes is in flight; called
    /// after every answer.
    mutating func undoSettledDeletes() -> [ContactListEffect] {
        guard !changes.undoAfterSettling.isEmpty else { return [] }
        var effects: [ContactListEffect] = []
        var waiting: [UndoableDelete] = []
        for group in changes.undoAfterSettling {
            if group.entries.contains(where: { changes.deletes[$0.key] != nil }) {
                waiting.append(group)
                continue
            }
            // Only the records the org deleted are in its bin; a refused delete's row is back.
            let deleted = group.entries.filter { changes.confirmedDeletedIDs.contains($0.record.id) }
            guard !deleted.isEmpty else { continue }
            effects += undelete(UndoableDelete(entries: deleted, query: group.query))
        }
        changes.undoAfterSettling = waiting
        return effects
    }

    /// Shows the records again at once and sends their SOAP undeletes, at most 200 ids a call;
    /// each record gets a pending entry of its own. Offline, they are queued instead.
    mutating func undelete(_ group: UndoableDelete) -> [ContactListEffect] {
        if offline.isOffline { return queueUndeletes(group) }
        let records = group.entries.map(\.record)
        var chunks: [[ContactRecord]] = []
        for objectType in Set(records.map(\.objectType)).sorted() {
            let ofType = records.filter { $0.objectType == objectType }
            chunks += RestClient.collectionChunks(of: ofType, limit: RestClient.maxUndeleteIDs).map(Array.init)
        }
        let sends = chunks.map {
            (records: $0, request: requests.requestForUndelete(ids: $0.map(\.id), apiVersion: nil))
        }
        guard sends.allSatisfy({ requests.allowsSending($0.request) }) else {
            notices.statusMessage = "Read-only: nothing was restored (--read-only blocks changes)"
            return []
        }
        var effects: [ContactListEffect] = []
        for send in sends {
            let entries = send.records.map { record in
                let key = RestRequestID()
                changes.recordUndelete(
                    UndeletedItem(record: record, query: group.query), key: key, journaled: withOrgValues(record))
                showRestored(record, query: group.query)
                return key
            }
            inFlight[send.request.id] = .undelete(entries: entries)
            effects.append(.send(send.request))
        }
        countRestored(records.count, listQuery: group.query)
        notices.statusMessage =
            "Restoring \(records.count == 1 ? label(of: records[0]) : noun.count(records.count))"
            + (isThisList(group.query) ? "" : Self.restoredElsewhereNote(count: records.count)) + "…"
        return effects
    }

    /// Puts a restored record's row back in its place in the query's order (after the rows put
    /// back by refused deletes, before the org search's rows), in the list it was deleted from.
    mutating func showRestored(_ record: ContactRecord, query: String?) {
        guard !run.readsRecycleBin, !rows.contains(record.id), isThisList(query) else { return }
        let order = rows.queryOrder(of: record.id) ?? Int.max
        var index = 0
        while index < rows.orgRowsStart, rows.reinstatedIDs.contains(dataRows[index].id) { index += 1 }
        while index < rows.orgRowsStart, rows.queryOrder(of: dataRows[index].id) ?? Int.min < order { index += 1 }
        insertRow(record, at: index)
    }

    /// After a page that replaced the rows: the records restored during its run show, even when
    /// the page was read before the org restored them; those of earlier runs are forgotten. The
    /// records whose undeletes are queued (offline) show too: the org has them deleted until then.
    mutating func reshowRestoredInRun() {
        if !offline.entries.isEmpty {
            for queued in offline.queuedUndeletes { showRestored(queued.record, query: queued.query) }
        }
        let pendingIDs = changes.pendingDeleteIDs
        for (id, entry) in changes.restoredInRun {
            guard entry.generation == run.generation else {
                changes.restoredInRun[id] = nil
                continue
            }
            guard !pendingIDs.contains(id), !changes.confirmedDeletedIDs.contains(id) else { continue }
            showRestored(entry.item.record, query: entry.item.query)
        }
    }

    /// The org's count follows the rows restored (or taken away again), in the list they were
    /// deleted from: another list never showed them, and its count never lost them.
    mutating func countRestored(_ count: Int, listQuery: String?) {
        guard isThisList(listQuery) else { return }
        // The Recycle Bin counts the other way: a restored record leaves it.
        let count = run.readsRecycleBin ? -count : count
        run.totalSize = max(0, run.totalSize + count)
        run.deletedSinceQueryRan -= count
    }

    /// Settles a SOAP undelete record by record: restored rows stay, refused ones leave again
    /// with one alert quoting the org; no answer, or one that cannot be read, is reconciled.
    mutating func settleUndelete(
        _ result: Result<RestResponse, RestClientError>, entries: [RestRequestID]
    ) -> [ContactListEffect] {
        switch result {
        case .failure(let error):
            if queuesUnsent(result) { return queueUnsentUndeletes(entries) }
            if case .unknown = DeleteOutcome(result) { return reconcileUndelete(entries: entries) }
            finishUndelete(entries) { _, _, name in Alert.undeleteFailureMessage(for: error, name: name) }
        case .success(let response):
            switch SOAPResponseReader.read(response.body) {
            case .success(.results(let results)) where results.count == entries.count:
                finishUndelete(entries) { position, _, name in
                    results[position].success ? nil : Alert.notRestored(name, errors: results[position].errors)
                }
            case .success(.fault(let fault)):
                let error = SalesforceError(
                    message: fault.exceptionMessage ?? fault.faultString, errorCode: fault.code, fields: nil)
                finishUndelete(entries) { _, _, name in Alert.notRestored(name, errors: [error]) }
            default:
                return reconcileUndelete(entries: entries)
            }
        }
        return []
    }

    /// Settles each pending undelete by `refusal` (given its position, the record and its label):
    /// nil keeps the row, a message takes it away again and joins the undo's one alert.
    private mutating func finishUndelete(
        _ entries: [RestRequestID], refusal: (_ position: Int, _ record: ContactRecord, _ name: String) -> String?
    ) {
        var restored: [ContactRecord] = []
        var restoredElsewhere = true
        var refusals: [String] = []
        let settling = entries.enumerated().compactMap { position, key in
            changes.undeletes[key].map { (position: position, key: key, item: $0) }
        }
        // The labels at once: the rows are read once, not once a record.
        for (undelete, name) in zip(settling, labels(of: settling.map(\.item.record))) {
            let (position, key, item) = undelete
            if let message = refusal(position, item.record, name) {
                refusals.append(message)
                takeAwayAgain(key)
            } else {
                _ = changes.forgetUndelete(key)
                // A refresh meanwhile may have left it out: the org has it now.
                showRestored(item.record, query: item.query)
                changes.restoredInRun[item.record.id] = (run.generation, item)
                restored.append(item.record)
                restoredElsewhere = restoredElsewhere && !isThisList(item.query)
            }
        }
        if !refusals.isEmpty { notices.alerts.append(.cannotUndo(refusals, noun: noun)) }
        var parts: [String] = []
        if !restored.isEmpty {
            parts.append(
                "Restored " + (restored.count == 1 ? label(of: restored[0]) : noun.count(restored.count))
                    + (restoredElsewhere ? Self.restoredElsewhereNote(count: restored.count) : ""))
        }
        if !refusals.isEmpty { parts.append("\(noun.countWere(refusals.count)) not restored") }
        if !parts.isEmpty { notices.statusMessage = parts.joined(separator: "; ") }
    }

    /// An undelete that did not happen: the record is deleted after all, and its row leaves (in
    /// the Recycle Bin's view, it comes back).
    private mutating func takeAwayAgain(_ key: RestRequestID) {
        guard let item = changes.forgetUndelete(key) else { return }
        leaveInBin(item)
        guard !run.readsRecycleBin else { return }
        changes.confirmDeleted(item.record.id)
        viewport.marks[item.record.id] = nil
        if removeRow(id: item.record.id) { clampSelection() }
    }

    /// The record of `U`'s undelete `item` is still in the org's Recycle Bin: the org refused it
    /// (`takeAwayAgain`), or its call never left and it queues (`queueUnsentUndeletes`). The count
    /// takes it back (a queued undelete is counted when it is sent), and in the bin's view, which
    /// its row left at `U`, the row comes back.
    ///
    /// Both ways the row comes back as a refused delete's does in a list (`putBack`): on top, among
    /// the rows put back before it in the bin's order, and one of them (`reinstatedIDs`). The
    /// queued one is no different: it has not left the bin, and it shows ↺ for what will happen.
    /// Left out of `reinstatedIDs` (as the queued put-back once was, at the top), a put-back row
    /// would not hold its place: the next one would go above it, and the rows of one `U` would
    /// come back in reverse.
    mutating func leaveInBin(_ item: UndeletedItem) {
        countRestored(-1, listQuery: item.query)
        if run.readsRecycleBin { putBack(item.record, query: item.query) }
    }

    /// Reads back whether the records of an undelete that got no answer are out of the bin:
    /// one `queryAll` of their `IsDeleted`.
    mutating func reconcileUndelete(entries: [RestRequestID]) -> [ContactListEffect] {
        let records = entries.compactMap { changes.undeletes[$0]?.record }
        guard let objectType = records.first?.objectType else { return [] }
        let request = requests.request(
            forQueryAll: "SELECT Id, IsDeleted FROM \(objectType) WHERE Id IN (\(Self.soqlIDList(records)))",
            apiVersion: nil,
            batchSize: RestClient.collectionLimit)
        inFlight[request.id] = .reconcileUndelete(entries: entries)
        changes.unknownOutcomes.formUnion(entries)
        notices.statusMessage = "No answer; checking whether \(noun.countWere(records.count)) restored…"
        return [.send(request)]
    }

    /// Settles an undelete that got no answer by the `queryAll` of its records: `IsDeleted` false
    /// means restored; still deleted, or gone from the bin, means not; a failed read keeps the
    /// rows shown and says the outcome is unknown.
    mutating func reconcileUndelete(_ result: Result<RestResponse, RestClientError>, entries: [RestRequestID]) {
        guard let page = try? result.get().decode(QueryResult.self), page.done else {
            var shown: [ContactRecord] = []
            for key in entries {
                guard let item = changes.forgetUndelete(key) else { continue }
                // As for a delete of unknown outcome, the row shows until `r` tells.
                showRestored(item.record, query: item.query)
                shown.append(item.record)
            }
            // The labels at once: the rows are read once, not once a record.
            let names = labels(of: shown)
            guard !names.isEmpty else { return }
            notices.alerts.append(.undoOutcomeUnknown(names: names))
            notices.statusMessage =
                "Whether \(noun.countWere(names.count)) restored is unknown; r shows the server's list"
            return
        }
        var restoredIDs = Set<String>()
        for record in page.records {
            guard let id = record["Id"]?.stringValue, record["IsDeleted"] == .bool(false) else { continue }
            restoredIDs.insert(id)
        }
        finishUndelete(entries) { _, record, name in
            restoredIDs.contains(record.id) ? nil : "The server did not answer; \(name) was not restored."
        }
    }
}
