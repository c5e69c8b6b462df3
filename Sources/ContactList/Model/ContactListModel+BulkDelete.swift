import RestCore

extension ContactListModel {
    // MARK: - Bulk delete through sObject Collections

    /// Takes every marked row out at once and sends their deletes through sObject Collections,
    /// at most 200 ids a request, `allOrNone=false`. Each record gets a `deleteRequests` entry of
    /// its own, so that each result settles its own row. A single mark of a loaded row is deleted
    /// as `d` deletes the selected row.
    mutating func deleteMarked(_ records: [ContactRecord]) -> [ContactListEffect] {
        // A record whose Id the server made up never reaches a request (a comma in it would add an id).
        let records = records.filter { refusalOfChange(to: $0) == nil }
        guard !records.isEmpty else { return [] }
        if offline.isOffline { return queueDeletes(records) }
        if records.count == 1, let index = dataRows.firstIndex(where: { $0.id == records[0].id }) {
            let pending = deleteRequests.count
            let effects = deleteRow(at: index)
            if deleteRequests.count > pending { viewport.marks[records[0].id] = nil }
            return effects
        }
        let chunks = RestClient.collectionChunks(of: records).map { chunk in
            (
                records: Array(chunk),
                request: requests.requestForCollectionDelete(
                    withObjectIds: chunk.map(\.id), allOrNone: false, apiVersion: nil)
            )
        }
        guard chunks.allSatisfy({ requests.allowsSending($0.request) }) else {
            notices.statusMessage = "Read-only: \(noun.count(records.count)) not deleted (--read-only blocks changes)"
            return []
        }
        let batch = changes.nextBulkBatch
        changes.nextBulkBatch += 1
        changes.bulkTallies[batch] = BulkDeleteTally(total: records.count, noun: noun)
        let deleted = Set(records.map(\.id))
        var rowIndex: [String: Int] = [:]
        for (index, record) in dataRows.enumerated() where deleted.contains(record.id) { rowIndex[record.id] = index }
        var effects: [ContactListEffect] = []
        var undoable: [(key: RestRequestID, record: ContactRecord)] = []
        for chunk in chunks {
            let entries = chunk.records.map { record in
                let key = RestRequestID()
                changes.recordDelete(
                    DeletedItemInfo(record: record, row: rowIndex[record.id] ?? 0, query: query), key: key,
                    journaled: withOrgValues(record))
                undoable.append((key, record))
                return key
            }
            inFlight[chunk.request.id] = .bulkDelete(batch: batch, entries: entries)
            effects.append(.send(chunk.request))
        }
        changes.rememberForUndo(undoable, query: query)
        removeRows(atDataIndices: rowIndex.values.sorted())
        for id in deleted { viewport.marks[id] = nil }
        notices.statusMessage = "Deleting \(noun.count(records.count))…"
        return effects + loadMoreIfNeeded()
    }

    /// Takes rows out at once (`indices` ascending); the key's `SelectionAnchor` then puts the
    /// selection on its record, or on the nearest one left.
    private mutating func removeRows(atDataIndices indices: [Int]) {
        for index in indices.reversed() { removeRow(at: index) }
        clampSelection()
    }

    /// Settles a collection DELETE record by record: success and already deleted are settled,
    /// refusals come back on top with one alert for the whole bulk delete. A failure of the whole
    /// request refuses every record; no answer, or an answer that cannot be read, is reconciled.
    mutating func settleBulkDelete(
        _ result: Result<RestResponse, RestClientError>, batch: Int, entries: [RestRequestID]
    ) -> [ContactListEffect] {
        switch result {
        case .failure(let error):
            if queuesUnsent(result) { return queueUnsentBulk(batch: batch, entries: entries) }
            if case .unknown = DeleteOutcome(result) { return reconcileBulk(batch: batch, entries: entries) }
            finishBulk(batch: batch, entries: entries) { _, _ in
                { name in Alert.deleteFailureMessage(for: error, name: name) }
            }
        case .success(let response):
            guard let results = try? response.decode([CollectionResult].self), results.count == entries.count else {
                return reconcileBulk(batch: batch, entries: entries)
            }
            finishBulk(batch: batch, entries: entries) { position, _ in
                let outcome = results[position]
                let gone = outcome.errors.contains { DeleteOutcome.goneErrorCodes.contains($0.statusCode) }
                if outcome.success || gone { return nil }
                let message = outcome.errors.first.map { Alert.oneLine($0.message) } ?? ""
                return { name in message.isEmpty ? "Failed to delete \(name)." : "\(name) was not deleted: \(message)" }
            }
        }
        return []
    }

    /// Settles each pending record of a bulk delete by `refusal` (given the entry's position and
    /// the record): nil confirms the delete, a message (made from the record's `label`, worked out
    /// only for a refusal) puts the row back and adds the message to the bulk delete's one alert.
    /// The status line counts the whole bulk delete, every request of it.
    private mutating func finishBulk(
        batch: Int, entries: [RestRequestID],
        refusal: (_ position: Int, _ record: ContactRecord) -> ((_ name: String) -> String)?
    ) {
        var deleted = 0
        var refused: [(entry: RestRequestID, record: ContactRecord, message: (String) -> String)] = []
        for (position, entry) in entries.enumerated() {
            guard let info = deleteRequests[entry] else { continue }
            if let message = refusal(position, info.record) {
                refused.append((entry, info.record, message))
            } else {
                confirmDeleted(entry, status: "")
                deleted += 1
            }
        }
        // The refused records' labels at once: the rows are read once, not once a record.
        var refusals: [String] = []
        for (refusal, name) in zip(refused, labels(of: refused.map(\.record))) {
            refusals.append(refusal.message(name))
            reinstate(refusal.entry, alert: nil)
        }
        queueBulkRefusals(refusals, batch: batch)
        tallyBulk(batch: batch) {
            $0.deleted += deleted
            $0.notDeleted += refusals.count
        }
    }

    /// A collection DELETE that never reached the org: each of its records' deletes queues
    /// (`enqueueUnsentDelete`), counted in the bulk delete's tally as queued, not pending. The
    /// status line counts what the whole bulk delete queued, over all its requests (each fails
    /// on its own), after what the org settled of it, if anything, with `U`'s hint for what it
    /// deleted once nothing of it is in flight.
    private mutating func queueUnsentBulk(batch: Int, entries: [RestRequestID]) -> [ContactListEffect] {
        let queued = entries.compactMap { deleteRequests[$0]?.record }
        guard let first = queued.first else { return [] }
        // Each delete queues; the app goes offline once for them all.
        var effects = entries.flatMap { enqueueUnsentDelete($0) }
        var tally = changes.bulkTallies[batch] ?? BulkDeleteTally(total: queued.count, noun: noun)
        tally.queued += queued.count
        changes.bulkTallies[batch] = tally.pending > 0 ? tally : nil
        effects += goOffline(status: queuedStatus("delete", count: tally.queued, first: first), count: tally.queued)
        if tally.settled > 0 {
            let queuedStatus = notices.statusMessage
            notices.statusMessage = tally.status(note: queuedStatus.prefix(1).lowercased() + queuedStatus.dropFirst())
        }
        return effects
    }

    /// Counts settled records into their bulk delete's tally and shows it, forgetting the tally
    /// once nothing of the bulk delete is pending.
    private mutating func tallyBulk(batch: Int, _ settle: (inout BulkDeleteTally) -> Void) {
        guard var tally = changes.bulkTallies[batch] else { return }
        settle(&tally)
        notices.statusMessage = tally.status()
        changes.bulkTallies[batch] = tally.pending > 0 ? tally : nil
    }

    /// Reads back which records of a collection DELETE that got no answer are still there:
    /// one `SELECT Id … WHERE Id IN (…)` for its (at most 200) ids.
    private mutating func reconcileBulk(batch: Int, entries: [RestRequestID]) -> [ContactListEffect] {
        let records = entries.compactMap { deleteRequests[$0]?.record }
        guard let objectType = records.first?.objectType else { return [] }
        let request = requests.request(
            forQuery: "SELECT Id FROM \(objectType) WHERE Id IN (\(Self.soqlIDList(records)))", apiVersion: nil,
            batchSize: RestClient.collectionLimit)
        let note = "no answer; checking whether \(noun.countWere(records.count)) deleted…"
        // The tally lives while any record of the bulk delete is pending, as these are.
        notices.statusMessage = changes.bulkTallies[batch]?.status(note: note) ?? note
        return sendOutcomeRead(request, for: .reconcileBulkDelete(batch: batch, entries: entries))
    }

    /// Settles the records of a collection DELETE that got no answer by the query of their ids:
    /// listed means not deleted, absent means deleted. A query with no answer either leaves the
    /// deletes pending until `r` checks again (`deferOutcomeRead`); one the org refused puts the
    /// rows back, their outcome unknown, for `r` to show the org's list.
    mutating func reconcileBulkDelete(
        _ result: Result<RestResponse, RestClientError>, batch: Int, entries: [RestRequestID]
    ) {
        guard let page = try? result.get().decode(QueryResult.self), page.done else {
            let settled = entries.compactMap { entry in deleteRequests[entry].map { (entry, $0.record) } }
            let names = labels(of: settled.map(\.1))
            for (entry, _) in settled { reinstate(entry, alert: nil) }
            guard !names.isEmpty else { return }
            notices.alerts.append(.bulkDeleteOutcomeUnknown(names: names))
            tallyBulk(batch: batch) { $0.unknown += names.count }
            return
        }
        let present = Set(page.records.compactMap { $0["Id"]?.stringValue })
        finishBulk(batch: batch, entries: entries) { _, record in
            present.contains(record.id) ? { name in Alert.notDeletedWithoutAnswer(name: name).message } : nil
        }
    }

    /// Adds refusals to the queued alert of the same bulk delete, or queues a new one.
    private mutating func queueBulkRefusals(_ refusals: [String], batch: Int) {
        guard !refusals.isEmpty else { return }
        if let index = notices.alerts.firstIndex(where: { $0.batch == batch }) {
            notices.alerts[index] = .cannotDeleteMany(notices.alerts[index].details + refusals, batch: batch)
        } else {
            notices.alerts.append(.cannotDeleteMany(refusals, batch: batch))
        }
    }

    /// `Id IN (…)`'s list of the records' ids, each a quoted, escaped SOQL literal.
    static func soqlIDList(_ records: [ContactRecord]) -> String {
        records.map { "'" + soqlEscaped($0.id) + "'" }.joined(separator: ",")
    }

    /// A value for a SOQL string literal: backslash and quote escaped.
    static func soqlEscaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "'" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }
}
