import Foundation
import RestCore

/// Every change the list has sent whose outcome is not settled, keyed by its own request id,
/// and what the org has confirmed: the one place that answers "what have I sent whose outcome
/// I do not know?" (`inFlight`).
///
/// Entries come and go only through `recordDelete`, `forgetDelete`, `recordUpdate`,
/// `forgetUpdate`, `recordCreate`, `forgetCreate`, `recordUndelete` and `forgetUndelete`, or the
/// `handOver…` of a change whose request never reached the org (it queues, `OfflineState`). While
/// `isJournaled`, each of them also queues a `recordChange` or `forgetChange` effect
/// (`takeJournal`), which the model returns ahead of the change's request: the runner writes the
/// durable outbox from them, so the list never depends on where it is kept.
///
/// Invariant: a record with a delete entry is not among the loaded rows (its row comes back only
/// when the entry goes with a refusal); an id in `confirmedDeletedIDs` never comes back, unless
/// `U` takes it out of the Recycle Bin (`reviveDeleted`, while its undelete is pending).
public struct PendingChanges: Sendable {
    /// The deletes in flight, keyed by the DELETE request's own id (a bulk delete gives each of its
    /// records an id of its own, so that each result settles its own row).
    public private(set) var deletes: [RestRequestID: DeletedItemInfo] = [:]
    /// The field updates in flight, keyed by the PATCH request's own id.
    public private(set) var updates: [RestRequestID: FieldUpdate] = [:]
    /// The creates in flight, keyed by the POST request's own id.
    public private(set) var creates: [RestRequestID: PendingCreate] = [:]
    /// Numbers the creates' placeholder rows.
    var nextCreateNumber = 0
    /// The undeletes in flight (`U`), keyed by an id of each record's own.
    public private(set) var undeletes: [RestRequestID: UndeletedItem] = [:]
    /// The deletes of this session that `U` may take back, the latest last.
    var undoHistory: [UndoableDelete] = []
    /// The delete of another list that `U` named instead of restoring (`UndoOffer`).
    var undoOffer: UndoOffer?
    /// Deletes `U` asked to take back while they were in flight: undone once they settle.
    var undoAfterSettling: [UndoableDelete] = []
    /// Records the org confirmed restored, by the generation of the query run then: a page of that
    /// run may have been read before the restore, so it shows them whether it lists them or not.
    var restoredInRun: [String: (generation: Int, item: UndeletedItem)] = [:]
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
    /// When each change in flight was made (`stampNew`; a left one keeps its first process's time).
    var since: [RestRequestID: Date] = [:]
    /// The changes whose answer was lost, or that a dead process left, while the org is read back.
    var unknownOutcomes: Set<RestRequestID> = []
    /// Whether entries are journaled for a durable outbox.
    var isJournaled = false
    /// The outbox effects of entries recorded or forgotten since the last `takeJournal`, in order.
    private var journal: [ContactListEffect] = []
    /// Records confirmed deleted since the last `takeConfirmedDeletes`.
    private var unkeptDeletes: [String] = []

    /// Whether no change awaits its outcome.
    public var isEmpty: Bool { deletes.isEmpty && updates.isEmpty && creates.isEmpty && undeletes.isEmpty }

    /// The ids of the records whose undelete is in flight.
    var pendingUndeleteIDs: Set<String> { Set(undeletes.values.map(\.record.id)) }

    /// The ids of the records whose delete is in flight.
    var pendingDeleteIDs: Set<String> { Set(deletes.values.map(\.record.id)) }

    /// How many changes are not settled, without listing them.
    var unsettledCount: Int { deletes.count + updates.count + creates.count + undeletes.count }

    /// The changes in flight in no particular order (`ContactListModel.changesInFlight` orders them).
    var unsettled: [ChangeInFlight] {
        deletes.map { ChangeInFlight(requestID: $0.key, kind: .delete, record: $0.value.record) }
            + updates.map {
                ChangeInFlight(requestID: $0.key, kind: .update(field: $0.value.field), record: $0.value.record)
            }
            + creates.map { ChangeInFlight(requestID: $0.key, kind: .create, record: $0.value.placeholder) }
            + undeletes.map { ChangeInFlight(requestID: $0.key, kind: .undelete, record: $0.value.record) }
    }

    // MARK: - Entries

    /// A delete about to be sent under `key`. The outbox keeps `journaled` (the record with the
    /// org's values, when an edit of it is in flight), else the row.
    mutating func recordDelete(_ info: DeletedItemInfo, key: RestRequestID, journaled: ContactRecord? = nil) {
        deletes[key] = info
        journalRecord(
            DurableChange(requestID: key, kind: .delete, record: journaled ?? info.record, query: info.query))
    }

    /// The delete entry of `key`, gone: its outcome is settled (or its row is back).
    mutating func forgetDelete(_ key: RestRequestID) -> DeletedItemInfo? {
        forgotten(deletes.removeValue(forKey: key), key: key)
    }

    /// A delete's copy of its record with other values (an edit of a row whose delete is pending).
    mutating func replaceDeletedRecord(_ key: RestRequestID, with record: ContactRecord) {
        guard let info = deletes[key] else { return }
        deletes[key] = DeletedItemInfo(record: record, row: info.row, query: info.query)
    }

    /// An update about to be sent under `key`.
    mutating func recordUpdate(_ update: FieldUpdate, key: RestRequestID, query: String? = nil) {
        updates[key] = update
        journalRecord(
            DurableChange(
                requestID: key, kind: .update, record: update.record, query: query, field: update.field,
                value: update.value))
    }

    /// The update entry of `key`, gone: its outcome is settled.
    mutating func forgetUpdate(_ key: RestRequestID) -> FieldUpdate? {
        forgotten(updates.removeValue(forKey: key), key: key)
    }

    /// Gives each change in flight without a time `date`: the model calls it after each key and
    /// outcome, so that `p` tells since when each change waits.
    mutating func stampNew(at date: Date) {
        guard hasUnstamped else { return }
        for key in Array(deletes.keys) + Array(updates.keys) + Array(creates.keys) + Array(undeletes.keys)
        where since[key] == nil {
            since[key] = date
        }
    }

    /// Whether a change in flight has no time yet (`stampNew` gives it one).
    var hasUnstamped: Bool { since.count != deletes.count + updates.count + creates.count + undeletes.count }

    /// Whether outbox effects wait to be taken (`takeJournal`).
    var hasJournal: Bool { !journal.isEmpty }

    /// Queues the outbox's copy of a change about to be sent, while journaled.
    private mutating func journalRecord(_ change: @autoclosure () -> DurableChange) {
        if isJournaled { journal.append(.recordChange(change())) }
    }

    /// A settled entry, passed through: its time and state go with it, and so does its outbox
    /// copy while journaled.
    private mutating func forgotten<Entry>(_ entry: Entry?, key: RestRequestID) -> Entry? {
        since[key] = nil
        unknownOutcomes.remove(key)
        if isJournaled, entry != nil { journal.append(.forgetChange(key)) }
        return entry
    }

    /// The entry of `key`, gone from the changes in flight because its request never reached the
    /// org: its outbox entry stays, for the queued change that takes it over under the same key
    /// (whose `recordChange` rewrites it as queued in one write, so no moment holds neither).
    mutating func handOverDelete(_ key: RestRequestID) -> DeletedItemInfo? {
        handedOver(deletes.removeValue(forKey: key), key: key)
    }

    /// An update's entry, handed over to a queued change (`handOverDelete`).
    mutating func handOverUpdate(_ key: RestRequestID) -> FieldUpdate? {
        handedOver(updates.removeValue(forKey: key), key: key)
    }

    /// A create's entry, handed over to a queued change (`handOverDelete`).
    mutating func handOverCreate(_ key: RestRequestID) -> PendingCreate? {
        handedOver(creates.removeValue(forKey: key), key: key)
    }

    /// An undelete's entry, handed over to a queued change (`handOverDelete`).
    mutating func handOverUndelete(_ key: RestRequestID) -> UndeletedItem? {
        handedOver(undeletes.removeValue(forKey: key), key: key)
    }

    private mutating func handedOver<Entry>(_ entry: Entry?, key: RestRequestID) -> Entry? {
        since[key] = nil
        unknownOutcomes.remove(key)
        return entry
    }

    /// The outbox effects queued since the last call, emptied.
    mutating func takeJournal() -> [ContactListEffect] {
        defer { journal.removeAll() }
        return journal
    }

    /// A create about to be sent under `key`.
    mutating func recordCreate(_ create: PendingCreate, key: RestRequestID) {
        creates[key] = create
        journalRecord(
            DurableChange(
                requestID: key, kind: .create, record: create.placeholder, query: nil,
                typed: create.form.typedValues, sentAt: create.sentAt))
    }

    /// The create entry of `key`, gone: its outcome is settled.
    mutating func forgetCreate(_ key: RestRequestID) -> PendingCreate? {
        forgotten(creates.removeValue(forKey: key), key: key)
    }

    /// An undelete about to be sent under `key`; the record leaves the confirmed deletes while it
    /// is pending (it shows again at once). The outbox keeps `journaled` (the record with the org's
    /// values, when an edit of it is in flight), else the row.
    mutating func recordUndelete(_ item: UndeletedItem, key: RestRequestID, journaled: ContactRecord? = nil) {
        undeletes[key] = item
        confirmedDeletedIDs.remove(item.record.id)
        journalRecord(
            DurableChange(requestID: key, kind: .undelete, record: journaled ?? item.record, query: item.query))
    }

    /// The undelete entry of `key`, gone: its outcome is settled.
    mutating func forgetUndelete(_ key: RestRequestID) -> UndeletedItem? {
        forgotten(undeletes.removeValue(forKey: key), key: key)
    }

    /// Every copy `U` keeps of a record (to show it again), changed by `transform`: an update of
    /// it that settles later must show in the restored row.
    mutating func replaceRestorableRecord(_ id: String, _ transform: (ContactRecord) -> ContactRecord) {
        func replaced(_ group: UndoableDelete) -> UndoableDelete {
            var group = group
            group.entries = group.entries.map {
                $0.record.id == id ? .init(key: $0.key, record: transform($0.record)) : $0
            }
            return group
        }
        undoHistory = undoHistory.map(replaced)
        undoAfterSettling = undoAfterSettling.map(replaced)
        for (key, item) in undeletes where item.record.id == id {
            undeletes[key] = UndeletedItem(record: transform(item.record), query: item.query)
        }
    }

    /// A delete `U` may take back later: its records and each one's delete entry key.
    mutating func rememberForUndo(_ records: [(key: RestRequestID, record: ContactRecord)], query: String?) {
        undoHistory.append(UndoableDelete(entries: records.map { .init(key: $0.key, record: $0.record) }, query: query))
    }

    /// A confirmed delete: its record never comes back (and leaves the replica, `takeConfirmedDeletes`).
    mutating func confirmDeleted(_ id: String) {
        confirmedDeletedIDs.insert(id)
        unkeptDeletes.append(id)
    }

    /// A confirmed delete taken back by an undelete queued offline: the record shows again, with
    /// its change waiting (`confirmDeleted` again when the change is discarded).
    mutating func restoreConfirmedDelete(_ id: String) {
        confirmedDeletedIDs.remove(id)
    }

    /// The records confirmed deleted since the last call, emptied: the replica drops them at once.
    mutating func takeConfirmedDeletes() -> [String] {
        defer { unkeptDeletes.removeAll() }
        return unkeptDeletes
    }
}
