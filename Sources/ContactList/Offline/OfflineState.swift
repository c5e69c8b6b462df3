import Foundation
import RestCore

/// Whether the org can be reached, the changes queued while it could not, and the probe that
/// looks for it again.
///
/// Invariant: entries are queued only while offline with a durable outbox (or, online, an edit's
/// 412 waiting in conflict for the user's word), and each record has at most one queued delete; a
/// record with a queued delete has no queued edit (the delete replaced them). Queued changes are not `PendingChanges`: nothing of them has been sent.
public struct OfflineState: Sendable {
    /// The first wait before the probe asks the org again, doubled after each failure up to
    /// `longestProbeDelay`.
    static let firstProbeDelay: Duration = .seconds(2)
    static let longestProbeDelay: Duration = .seconds(60)

    /// What every request meets under `--offline` (`sendsNothing`): the runner answers it at once
    /// as one to an org that cannot be reached (`RestClientError.meansHostUnreachable` holds), so
    /// that the model queues the change, or says why, as it does offline.
    public static let sendsNothingFailure = RestClientError.transportFailed(
        host: "the org", reason: "the network is unreachable (--offline sends nothing)")

    /// Whether the org could not be reached (or `--offline`): changes queue instead of going.
    public internal(set) var isOffline = false
    /// `--offline`: nothing at all is sent, not even a probe.
    public internal(set) var sendsNothing = false
    /// The queued changes, the oldest first. They change only through `append`, `remove` and the
    /// setters, which keep the lookups beside them in step.
    public private(set) var entries: [QueuedChange] = []
    /// Each entry's position in `entries`, by key: a sync up's and a row's lookups never scan.
    private var positions: [RestRequestID: Int] = [:]
    /// Each record's entries' keys, the oldest first: the badge of a drawn row is one lookup.
    private var keysByRecord: [String: [RestRequestID]] = [:]
    /// The probe waiting or in flight, and the wait before the next one.
    var probeID: RestRequestID?
    var probeDelay = firstProbeDelay
    /// Objects whose fields `e` and `c` took from the list's columns, for want of the describe:
    /// the describe replaces them once the org answers.
    var standInFields: Set<String> = []
    /// The delete checks of a sync up still awaited.
    var pendingChecks = 0
    /// Whether the list is read again once the changes a sync up sent have settled.
    var refreshesWhenSettled = false
    /// The reads in flight that settle changes of unknown outcome, kept so that one that finds the
    /// org unreachable can wait for it (`readsAwaitingOrg`).
    var outcomeReads: [RestRequestID: RestRequest] = [:]
    /// Those reads that got no answer, with what each settles: sent again when the org answers
    /// again (those that found it unreachable) or at `r`, while their changes stay pending with
    /// their outcome unknown.
    var readsAwaitingOrg: [(request: RestRequest, purpose: ContactListModel.Purpose)] = []

    /// The queued change of the record with this id (its delete before its edits), if any.
    func entry(forRecord id: String) -> QueuedChange? {
        guard let keys = keysByRecord[id] else { return nil }
        let changes = keys.compactMap(entry(key:))
        return changes.first { $0.kind == .delete } ?? changes.last
    }

    /// The queued changes of the record with this id, the oldest first.
    func entries(ofRecord id: String) -> [QueuedChange] {
        keysByRecord[id]?.compactMap(entry(key:)) ?? []
    }

    /// The queued change of `key`, if any.
    func entry(key: RestRequestID) -> QueuedChange? {
        positions[key].map { entries[$0] }
    }

    /// The badge of a row: its record's queued change, if any.
    func badge(ofRecord id: String) -> QueuedBadge? {
        entry(forRecord: id)?.badge
    }

    /// Whether the record of this id has a queued undelete (its row shows, marked ↺).
    func isQueuedUndelete(_ id: String) -> Bool {
        guard let entry = entry(forRecord: id), case .undelete = entry.kind else { return false }
        return true
    }

    /// The queued undeletes, whose rows show although the org has them deleted.
    var queuedUndeletes: [(record: ContactRecord, query: String?)] {
        entries.compactMap { entry in
            if case .undelete(let query) = entry.kind { (entry.original, query) } else { nil }
        }
    }

    /// The ids of the records with a queued delete.
    var queuedDeleteIDs: Set<String> { Set(entries.filter { $0.kind == .delete }.map(\.original.id)) }

    mutating func append(_ change: QueuedChange) {
        positions[change.key] = entries.count
        keysByRecord[change.original.id, default: []].append(change.key)
        entries.append(change)
    }

    /// Removes and returns the entry of `key`.
    @discardableResult
    mutating func remove(_ key: RestRequestID) -> QueuedChange? {
        guard let index = positions[key] else { return nil }
        let removed = entries.remove(at: index)
        forgetKey(of: removed)
        for later in index..<entries.count { positions[entries[later].key] = later }
        return removed
    }

    /// Removes the entries of `keys` in one pass (a sync up settles thousands at once).
    mutating func remove(_ keys: Set<RestRequestID>) {
        guard !keys.isEmpty else { return }
        for key in keys { if let index = positions[key] { forgetKey(of: entries[index]) } }
        entries.removeAll { keys.contains($0.key) }
        for (index, entry) in entries.enumerated() { positions[entry.key] = index }
    }

    /// Drops `change` from the lookups by key and by record.
    private mutating func forgetKey(of change: QueuedChange) {
        positions[change.key] = nil
        let id = change.original.id
        keysByRecord[id]?.removeAll { $0 == change.key }
        if keysByRecord[id]?.isEmpty == true { keysByRecord[id] = nil }
    }

    mutating func setState(_ state: QueuedChange.State, of key: RestRequestID) {
        guard let index = positions[key] else { return }
        entries[index].state = state
    }

    /// Puts the change of `key` in conflict with what the org holds, or (nil) back in the queue.
    mutating func setConflict(_ orgChange: OrgChange?, of key: RestRequestID) {
        guard let index = positions[key] else { return }
        entries[index].state = orgChange == nil ? .queued : .conflict
        entries[index].orgChange = orgChange
    }

    /// The record `x` puts back, and whose `LastModifiedDate` conditions the change (its id stays).
    mutating func setOriginal(_ record: ContactRecord, of key: RestRequestID) {
        guard let index = positions[key], entries[index].original.id == record.id else { return }
        entries[index].original = record
    }

    /// The wait before the next probe, doubled for the one after.
    mutating func nextProbeDelay() -> Duration {
        defer { probeDelay = min(probeDelay * 2, Self.longestProbeDelay) }
        return probeDelay
    }
}
