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

    /// Writes a change about to be sent (state `sent`: its request follows at once).
    public func record(_ change: DurableChange) throws {
        let key = UUID().uuidString
        keys.withLock { $0[change.requestID] = key }
        var payload: [String: JSONValue] = [
            "name": .string(change.record.displayName), "values": .array(change.record.values.map(JSONValue.string)),
        ]
        payload["query"] = change.query.map(JSONValue.string)
        payload["field"] = change.field.map(JSONValue.string)
        payload["value"] = change.value.map(JSONValue.string)
        if change.kind == .create {
            payload["typed"] = .object(change.typed.mapValues(JSONValue.string))
            payload["sentAt"] = change.sentAt.map { .number($0.timeIntervalSince1970) }
        }
        try store.add(
            OutboxEntry(
                requestID: key, kind: OutboxEntry.Kind(change.kind), objectType: change.record.objectType,
                // A create's placeholder id is no record's: the org has given it none yet.
                recordID: change.kind == .create ? nil : change.record.id, payload: payload, state: .sent,
                createdAt: now(), processID: processID))
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
                values: entry.payload["values"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            changes.append(
                DurableChange(
                    requestID: RestRequestID(), kind: kind, record: record, query: entry.payload["query"]?.stringValue,
                    field: entry.payload["field"]?.stringValue, value: entry.payload["value"]?.stringValue,
                    typed: entry.payload["typed"]?.objectValue?.compactMapValues(\.stringValue) ?? [:],
                    sentAt: Self.date(entry.payload["sentAt"]) ?? entry.createdAt))
            taken.append(entry.requestID)
        }
        return (changes, taken)
    }

    /// A time kept as seconds since 1970.
    private static func date(_ value: JSONValue?) -> Date? {
        guard case .number(let seconds) = value else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Removes entries the model has taken up under keys of its own.
    public func retire(_ keys: [String]) throws {
        for key in keys { try store.remove(key) }
    }

    /// At start, before anything is sent: hands `model` what a process that is gone left, writes
    /// the model's own entries for them, then retires the old ones (a crash between the two leaves
    /// both, and the next start only reads the record twice). Returns the effects left for the
    /// runner: the reads that settle them.
    public func resumeLeftChanges(in model: inout ContactListModel) throws -> [ContactListEffect] {
        let left = try leftChanges()
        guard !left.changes.isEmpty else { return [] }
        var reads: [ContactListEffect] = []
        for effect in model.resumeLeftChanges(left.changes) where try !perform(effect) {
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
