import Foundation
import GRDB

/// The durable outbox of one org and user, in `$XDG_STATE_HOME/contact-tui/ORG-USER.sqlite`: state,
/// not cache, so clearing the cache never drops an unsent change.
public final class OutboxStore: Sendable {
    let pool: DatabasePool

    init(pool: DatabasePool) { self.pool = pool }

    /// Opens (or creates) the outbox at `url`; a bad file is moved aside (`ReplicaOpening`).
    public static func open(at url: URL) -> ReplicaOpening<OutboxStore> {
        DatabaseFile(role: "outbox", url: url, migrator: migrator).open().map(OutboxStore.init(pool:))
    }

    /// Closes the database; the store answers nothing after it.
    public func close() throws { try pool.close() }

    /// Writes a change; it replaces an entry of the same request id.
    public func add(_ entry: OutboxEntry) throws {
        try pool.write { db in
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO outbox
                        (requestID, kind, objectType, recordID, payload, state, createdAt, processID, lastModifiedDate)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    entry.requestID, entry.kind.rawValue, entry.objectType, entry.recordID,
                    try FieldsText.encode(entry.payload), entry.state.rawValue, entry.createdAt.timeIntervalSince1970,
                    entry.processID, entry.lastModifiedDate,
                ])
        }
    }

    /// Moves a change to `state`; nothing when it is not there.
    public func setState(_ state: OutboxEntry.State, of requestID: String) throws {
        try pool.write { db in
            try db.execute(
                sql: "UPDATE outbox SET state = ? WHERE requestID = ?", arguments: [state.rawValue, requestID])
        }
    }

    /// Removes a settled change; nothing when it is not there.
    public func remove(_ requestID: String) throws {
        try remove([requestID])
    }

    /// Removes the entries of these keys, in one transaction (a start retires a dead process's
    /// entries all at once).
    public func remove(_ requestIDs: [String]) throws {
        try pool.write { db in
            for requestID in requestIDs {
                try db.execute(sql: "DELETE FROM outbox WHERE requestID = ?", arguments: [requestID])
            }
        }
    }

    /// Removes every change (`cache clear --discard-unsent`).
    public func removeAll() throws {
        try pool.write { db in try db.execute(sql: "DELETE FROM outbox") }
    }

    /// Every change, oldest first.
    public func entries() throws -> [OutboxEntry] {
        try pool.read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT requestID, kind, objectType, recordID, payload, state, createdAt, processID,
                        lastModifiedDate
                    FROM outbox ORDER BY createdAt, rowid
                    """
            ).compactMap(Self.entry(from:))
        }
    }

    /// An entry of a row; nil for a kind or state this build does not know.
    private static func entry(from row: Row) throws -> OutboxEntry? {
        guard let kind = OutboxEntry.Kind(rawValue: row["kind"]), let state = OutboxEntry.State(rawValue: row["state"])
        else { return nil }
        return OutboxEntry(
            requestID: row["requestID"], kind: kind, objectType: row["objectType"], recordID: row["recordID"],
            payload: try FieldsText.decode(row["payload"]), state: state,
            createdAt: Date(timeIntervalSince1970: row["createdAt"]), processID: row["processID"],
            lastModifiedDate: row["lastModifiedDate"])
    }
}
