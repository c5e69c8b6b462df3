import ContactList
import Foundation
import RestCore
import Synchronization

/// The runner's side of the durable outbox: it writes each change the list's model records
/// (`ContactListEffect.recordChange`) before the change's request goes, removes it when the model
/// forgets it (`forgetChange`), and gives back, at start, what a process that is gone left.
///
/// A request id lives only in its process, so each entry is keyed by an id of its own (a UUID),
/// never reused by the next process. Each entry names the process that wrote it: a second instance
/// on the same org and user never takes up the entries of a first one that is still running.
public final class OutboxJournal: Sendable {
    public let store: OutboxStore
    /// This process's request ids and the outbox keys of their entries.
    private let keys = Mutex<[RestRequestID: String]>([:])
    private let now: @Sendable () -> Date
    /// The id of the process this journal writes for.
    let processID: Int32
    /// Whether a process of that id is running.
    private let isRunning: @Sendable (Int32) -> Bool

    public convenience init(store: OutboxStore, now: @escaping @Sendable () -> Date = { Date() }) {
        self.init(store: store, now: now, processID: getpid(), isRunning: Self.isRunning)
    }

    init(
        store: OutboxStore, now: @escaping @Sendable () -> Date, processID: Int32,
        isRunning: @escaping @Sendable (Int32) -> Bool
    ) {
        self.store = store
        self.now = now
        self.processID = processID
        self.isRunning = isRunning
    }

    /// `kill(pid, 0)`: it succeeds, or fails with EPERM, only for a process that exists.
    static func isRunning(_ processID: Int32) -> Bool {
        processID > 0 && (kill(processID, 0) == 0 || errno == EPERM)
    }

    /// Performs the effect when it is the outbox's; false for every other effect.
    public func perform(_ effect: ContactListEffect) throws -> Bool {
        switch effect {
        case .recordChange(let change):
            try record(change)
        case .forgetChange(let requestID):
            guard let key = keys.withLock({ $0.removeValue(forKey: requestID) }) else { return true }
            try store.remove(key)
        default:
            return false
        }
        return true
    }

    /// Writes a change about to be sent (state `sent`: its request follows at once), or queued
    /// offline; a change written again (a queued one now in conflict) keeps its entry.
    public func record(_ change: DurableChange) throws {
        let key = keys.withLock { keys in
            let key = keys[change.requestID] ?? UUID().uuidString
            keys[change.requestID] = key
            return key
        }
        var payload: [String: JSONValue] = [
            "name": .string(change.record.displayName), "values": .array(change.record.values.map(JSONValue.string)),
        ]
        payload["query"] = change.query.map(JSONValue.string)
        payload["field"] = change.field.map(JSONValue.string)
        payload["value"] = change.value.map(JSONValue.string)
        if change.kind == .create || change.state != .sent {
            payload["typed"] = .object(change.typed.mapValues(JSONValue.string))
            payload["sentAt"] = change.sentAt.map { .number($0.timeIntervalSince1970) }
        }
        if !change.body.isEmpty { payload["body"] = .object(change.body) }
        if let orgChange = change.orgChange { payload["conflict"] = Self.json(orgChange) }
        try store.add(
            OutboxEntry(
                requestID: key, kind: OutboxEntry.Kind(change.kind), objectType: change.record.objectType,
                // A create's placeholder id is no record's: the org has given it none yet.
                recordID: change.kind == .create ? nil : change.record.id, payload: payload,
                state: OutboxEntry.State(change.state),
                createdAt: change.state == .sent ? now() : change.sentAt ?? now(),
                processID: processID, lastModifiedDate: change.record.lastModifiedDate))
    }

    /// What the outbox holds from processes that are gone: the changes the model takes up
    /// (`resumeLeftChanges`), and the keys of their entries, to `retire` once the model's own
    /// entries for them are written. Kinds the model does not take up, and the entries of another
    /// process still running, stay in the outbox.
    public func leftChanges() throws -> (changes: [DurableChange], keys: [String]) {
        let mine = Set(keys.withLock { $0.values })
        var changes: [DurableChange] = []
        var taken: [String] = []
        for entry in try store.entries() where !mine.contains(entry.requestID) {
            if entry.processID != processID, isRunning(entry.processID) { continue }
            guard let kind = DurableChange.Kind(rawValue: entry.kind.rawValue),
                let recordID = entry.recordID ?? (kind == .create ? "" : nil)
            else { continue }
            let record = ContactRecord(
                id: recordID, objectType: entry.objectType, displayName: entry.payload["name"]?.stringValue,
                values: entry.payload["values"]?.arrayValue?.compactMap(\.stringValue) ?? []
            ).lastModified(entry.lastModifiedDate)
            changes.append(
                DurableChange(
                    requestID: RestRequestID(), kind: kind, record: record, query: entry.payload["query"]?.stringValue,
                    field: entry.payload["field"]?.stringValue, value: entry.payload["value"]?.stringValue,
                    typed: entry.payload["typed"]?.objectValue?.compactMapValues(\.stringValue) ?? [:],
                    body: entry.payload["body"]?.objectValue ?? [:],
                    sentAt: Self.date(entry.payload["sentAt"]) ?? entry.createdAt,
                    state: DurableChange.State(entry.state), orgChange: Self.orgChange(entry.payload["conflict"])))
            taken.append(entry.requestID)
        }
        return (changes, taken)
    }

    /// What the org held of a record in conflict, as the outbox keeps it.
    private static func json(_ orgChange: OrgChange) -> JSONValue {
        var json: [String: JSONValue] = [
            "changedBy": .string(orgChange.changedBy), "changedAt": .string(orgChange.changedAt),
            "changes": .array(orgChange.changes.map(JSONValue.string)),
        ]
        json["theirs"] = orgChange.theirs.map(JSONValue.string)
        return .object(json)
    }

    /// What the org held of a record in conflict, read back; nil when not kept (an older entry).
    private static func orgChange(_ value: JSONValue?) -> OrgChange? {
        guard let value, let changedAt = value["changedAt"]?.stringValue else { return nil }
        return OrgChange(
            changedBy: value["changedBy"]?.stringValue ?? "", changedAt: changedAt,
            changes: value["changes"]?.arrayValue?.compactMap(\.stringValue) ?? [], theirs: value["theirs"]?.stringValue
        )
    }

    /// A time kept as seconds since 1970.
    private static func date(_ value: JSONValue?) -> Date? {
        guard case .number(let seconds) = value else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Removes entries the model has taken up under keys of its own.
    public func retire(_ keys: [String]) throws {
        try store.remove(keys)
    }

    /// At start, before anything is sent: hands `model` what a process that is gone left, writes
    /// the model's own entries for them, then retires the old ones (a crash between the two leaves
    /// both, and the next start only reads the record twice). Returns the effects left for the
    /// runner: the reads that settle them.
    public func resumeLeftChanges(in model: inout ContactListModel) throws -> [ContactListEffect] {
        let left = try leftChanges()
        guard !left.changes.isEmpty else { return [] }
        var reads: [ContactListEffect] = []
        // Queued changes were never sent: queued again, never read back as if in flight.
        let queued = left.changes.filter { $0.state != .sent }
        let sent = left.changes.filter { $0.state == .sent }
        for effect in model.resumeQueuedChanges(queued) where try !perform(effect) { reads.append(effect) }
        for effect in model.resumeLeftChanges(sent) where try !perform(effect) {
            reads.append(effect)
        }
        try retire(left.keys)
        return reads
    }
}

extension OutboxEntry.Kind {
    /// The outbox's kind of a change the model journals.
    init(_ kind: DurableChange.Kind) {
        switch kind {
        case .delete: self = .delete
        case .update: self = .update
        case .create: self = .create
        case .undelete: self = .undelete
        }
    }
}

extension OutboxEntry.State {
    /// The outbox's state of a change the model journals.
    init(_ state: DurableChange.State) {
        switch state {
        case .sent: self = .sent
        case .queued: self = .queued
        case .conflict: self = .conflict
        }
    }
}

extension DurableChange.State {
    /// The model's state of an outbox entry: a change that was sent (or whose answer was lost)
    /// is reconciled as sent; a queued one, or one in conflict, is queued again.
    init(_ state: OutboxEntry.State) {
        switch state {
        case .sent, .unknown: self = .sent
        case .queued: self = .queued
        case .conflict: self = .conflict
        }
    }
}
