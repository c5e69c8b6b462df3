import RestCore

/// Every change the list has sent whose outcome is not settled, keyed by its own request id,
/// and what the org has confirmed: the one place that answers "what have I sent whose outcome
/// I do not know?" (`inFlight`).
///
/// Entries come and go only through `recordDelete`, `forgetDelete`, `recordUpdate` and
/// `forgetUpdate`. While `isJournaled`, these four also queue `recordChange` and `forgetChange`
/// effects (`takeJournal`), which the model returns ahead of the change's request: the runner
/// writes the durable outbox from them, so the list never depends on where it is kept.
///
/// Invariant: a record with a delete entry is not among the loaded rows (its row comes back only
/// when the entry goes with a refusal); an id in `confirmedDeletedIDs` never comes back.
public struct PendingChanges: Sendable {
    /// The deletes in flight, keyed by the DELETE request's own id (a bulk delete gives each of its
    /// records an id of its own, so that each result settles its own row).
    public private(set) var deletes: [RestRequestID: DeletedItemInfo] = [:]
    /// The field updates in flight, keyed by the PATCH request's own id.
    public private(set) var updates: [RestRequestID: FieldUpdate] = [:]
    /// Ids of records whose delete the server confirmed: they never come back.
    public internal(set) var confirmedDeletedIDs: Set<String> = []
    /// The server's values of fields with updates in flight, put back when the last one fails.
    var confirmedFieldValues: [FieldKey: String] = [:]
    var nextUpdateSequence = 0
    /// The latest save of each record whose read-back was asked for: an older read-back that
    /// arrives after it is ignored, so a late answer never shows an earlier value.
    var latestReadAfterSave: [String: Int] = [:]
    /// Numbers each bulk delete, so that the refusals of its requests share one alert.
    var nextBulkBatch = 0
    /// What each bulk delete in flight has come to so far, by batch.
    var bulkTallies: [Int: BulkDeleteTally] = [:]
    /// What the reads of the deletes a dead process left have found so far.
    var leftDeletes = LeftDeleteTally()
    /// Whether entries are journaled for a durable outbox.
    var isJournaled = false
    /// The outbox effects of entries recorded or forgotten since the last `takeJournal`, in order.
    private var journal: [ContactListEffect] = []

    /// Whether no change awaits its outcome.
    public var isEmpty: Bool { deletes.isEmpty && updates.isEmpty }

    /// The ids of the records whose delete is in flight.
    var pendingDeleteIDs: Set<String> { Set(deletes.values.map(\.record.id)) }

    /// The changes in flight in no particular order (`ContactListModel.changesInFlight` orders them).
    var unsettled: [ChangeInFlight] {
        deletes.map { ChangeInFlight(requestID: $0.key, kind: .delete, record: $0.value.record) }
            + updates.map {
                ChangeInFlight(requestID: $0.key, kind: .update(field: $0.value.field), record: $0.value.record)
            }
    }

    // MARK: - Entries

    /// A delete about to be sent under `key`.
    mutating func recordDelete(_ info: DeletedItemInfo, key: RestRequestID) {
        deletes[key] = info
        if isJournaled {
            journal.append(
                .recordChange(DurableChange(requestID: key, kind: .delete, record: info.record, query: info.query)))
        }
    }

    /// The delete entry of `key`, gone: its outcome is settled (or its row is back).
    mutating func forgetDelete(_ key: RestRequestID) -> DeletedItemInfo? {
        let info = deletes.removeValue(forKey: key)
        if isJournaled, info != nil { journal.append(.forgetChange(key)) }
        return info
    }

    /// A delete's copy of its record with other values (an edit of a row whose delete is pending).
    mutating func replaceDeletedRecord(_ key: RestRequestID, with record: ContactRecord) {
        guard let info = deletes[key] else { return }
        deletes[key] = DeletedItemInfo(record: record, row: info.row, query: info.query)
    }

    /// An update about to be sent under `key`.
    mutating func recordUpdate(_ update: FieldUpdate, key: RestRequestID, query: String? = nil) {
        updates[key] = update
        if isJournaled {
            journal.append(
                .recordChange(
                    DurableChange(
                        requestID: key, kind: .update, record: update.record, query: query, field: update.field,
                        value: update.value)))
        }
    }

    /// The update entry of `key`, gone: its outcome is settled.
    mutating func forgetUpdate(_ key: RestRequestID) -> FieldUpdate? {
        let update = updates.removeValue(forKey: key)
        if isJournaled, update != nil { journal.append(.forgetChange(key)) }
        return update
    }

    /// The outbox effects queued since the last call, emptied.
    mutating func takeJournal() -> [ContactListEffect] {
        defer { journal.removeAll() }
        return journal
    }

    /// A confirmed delete: its record never comes back.
    mutating func confirmDeleted(_ id: String) {
        confirmedDeletedIDs.insert(id)
    }
}
