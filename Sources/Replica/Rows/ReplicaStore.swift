import Foundation
import GRDB
import RestCore
import Synchronization

/// The rows of each list the user opened, and each list's sync state, in
/// `$XDG_CACHE_HOME/contact-tui/ORG-USER.sqlite`: a cache, which may be cleared at any time.
public final class ReplicaStore: Sendable {
    let pool: DatabasePool
    /// Where each list's snapshot is written (`keepSnapshotLater(of:)`), off the caller's thread.
    let snapshotQueue = DispatchQueue(label: "contact-tui.replica.snapshots", qos: .utility)
    /// Lists whose snapshot is waiting on `snapshotQueue`, each written once however often asked.
    let snapshotsWaiting = Mutex<Set<String>>([])

    init(pool: DatabasePool) { self.pool = pool }

    /// Opens (or creates) the store at `url`; a bad file is moved aside (`ReplicaOpening`).
    public static func open(at url: URL) -> ReplicaOpening<ReplicaStore> {
        DatabaseFile(role: "local replica", url: url, migrator: migrator).open().map(ReplicaStore.init(pool:))
    }

    /// Closes the database, once the snapshots asked for are written; the store answers nothing
    /// after it.
    public func close() throws {
        waitForSnapshots()
        try pool.close()
    }

    // MARK: - Rows

    /// The rows of `list` in their order.
    public func rows(of list: ListKey, limit: Int? = nil) throws -> [ReplicaRow] {
        try pool.read { db in
            // A cursor, not an array of rows first: a list may hold 100,000.
            let cursor = try Row.fetchCursor(
                db,
                sql: """
                    SELECT id, fields, lastModifiedDate, systemModstamp, position FROM listRow
                    WHERE listKey = ? ORDER BY position, id LIMIT ?
                    """, arguments: [list.text, limit ?? -1])
            var rows: [ReplicaRow] = []
            while let row = try cursor.next() { rows.append(try Self.row(from: row)) }
            return rows
        }
    }

    /// The fields of every row of `list` in their order, read as one JSON array (a start reads
    /// 100,000 rows: one parse, not one per row); nil when a row's fields do not hold its `Id`
    /// (rows kept before pages were kept whole) or the array's order is not the rows' (SQLite does
    /// not promise group_concat's order), which `rows(of:)` then reads.
    func recordsHoldingIDs(of list: ListKey) throws -> [JSONValue]? {
        let (text, ids) = try pool.read { db in
            (
                try String.fetchOne(
                    db,
                    sql: """
                        SELECT '[' || IFNULL(group_concat(fields, ','), '') || ']' FROM (
                            SELECT fields FROM listRow WHERE listKey = ? ORDER BY position, id)
                        """, arguments: [list.text]),
                try String.fetchAll(
                    db, sql: "SELECT id FROM listRow WHERE listKey = ? ORDER BY position, id", arguments: [list.text])
            )
        }
        guard let text, let records = try JSONParser.parse(Array(text.utf8)).arrayValue, records.count == ids.count,
            zip(records, ids).allSatisfy({ $0["Id"]?.stringValue == $1 })
        else { return nil }
        return records
    }

    /// Replaces every row of `list` (a full load) and records the sync: one transaction, so a
    /// reader sees the old list or the new one, never half of each. `readyFormat` is the
    /// `ReadyRowFormat.signature` of the rows' ready bytes, when they all carry them.
    public func replaceRows(
        of list: ListKey, with rows: [ReplicaRow], syncedAt: Date, readyFormat: String? = nil
    ) throws {
        try pool.write { db in
            try Self.deleteRows(of: list, db)
            try Self.insert(rows, into: list, db)
            let latest = rows.compactMap(\.systemModstamp).max()
            let ready = rows.allSatisfy { $0.ready != nil } ? readyFormat : nil
            try Self.save(
                ListSyncState(list: list, lastSystemModstamp: latest, syncedAt: syncedAt, readyFormat: ready), db)
        }
    }

    /// Inserts the rows, or replaces those of the same id, in `list`; the list's rows stay ready
    /// only when these are, in the same format (`readyFormat`).
    public func upsert(_ rows: [ReplicaRow], in list: ListKey, readyFormat: String? = nil) throws {
        try pool.write { db in
            try Self.insert(rows, into: list, db)
            let ready = rows.allSatisfy { $0.ready != nil } ? readyFormat : nil
            try Self.keepReadyFormat(ready, of: list, db)
        }
    }

    /// Removes the rows of these ids from `list`.
    public func removeRows(ids: [String], from list: ListKey) throws {
        try pool.write { db in
            for id in ids {
                try db.execute(sql: "DELETE FROM listRow WHERE listKey = ? AND id = ?", arguments: [list.text, id])
            }
        }
    }

    /// Removes a list: its rows and its sync state.
    public func removeList(_ list: ListKey) throws {
        try pool.write { db in
            try Self.deleteRows(of: list, db)
            try db.execute(sql: "DELETE FROM listSync WHERE listKey = ?", arguments: [list.text])
        }
    }

    // MARK: - Sync state

    /// The sync state of `list`; nil when it was never synced.
    public func syncState(of list: ListKey) throws -> ListSyncState? {
        try pool.read { db in
            try Row.fetchOne(
                db,
                sql: """
                    SELECT listKey, lastSystemModstamp, syncedAt, isComplete, readyFormat FROM listSync
                    WHERE listKey = ?
                    """,
                arguments: [list.text]
            ).map(Self.syncState(from:))
        }
    }

    /// Marks `list` whole (its last page was kept), its sync starting from the latest
    /// `SystemModstamp` among its rows.
    public func markComplete(_ list: ListKey) throws {
        try pool.write { db in
            try db.execute(
                sql: """
                    UPDATE listSync SET isComplete = 1,
                        lastSystemModstamp = (SELECT MAX(systemModstamp) FROM listRow WHERE listKey = ?)
                    WHERE listKey = ?
                    """, arguments: [list.text, list.text])
        }
    }

    /// Records a sync of a list.
    public func setSyncState(_ state: ListSyncState) throws {
        try pool.write { db in try Self.save(state, db) }
    }

    /// What the store holds, for `contact-tui cache list`.
    public func summary() throws -> ReplicaSummary {
        try pool.read { db in
            let lists = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM listSync") ?? 0
            let rows = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM listRow") ?? 0
            let synced = try Double.fetchOne(db, sql: "SELECT MAX(syncedAt) FROM listSync")
            return ReplicaSummary(
                lists: lists, rows: rows, lastSync: synced.map { Date(timeIntervalSince1970: $0) })
        }
    }

    // MARK: - Reading and writing rows

    /// Deletes every row of `list`, their ready bytes first (so the trigger finds none to delete).
    static func deleteRows(of list: ListKey, _ db: Database) throws {
        try db.execute(sql: "DELETE FROM readyRow WHERE listKey = ?", arguments: [list.text])
        try db.execute(sql: "DELETE FROM listRow WHERE listKey = ?", arguments: [list.text])
    }

    /// Inserts the rows, each replacing the row of its id (deleted first, so that the trigger
    /// takes its ready bytes away too), and their ready bytes when they have them.
    static func insert(_ rows: [ReplicaRow], into list: ListKey, _ db: Database) throws {
        let delete = try db.cachedStatement(sql: "DELETE FROM listRow WHERE listKey = ? AND id = ?")
        let statement = try db.cachedStatement(
            sql: """
                INSERT INTO listRow (listKey, id, fields, lastModifiedDate, systemModstamp, position)
                VALUES (?, ?, ?, ?, ?, ?)
                """)
        let ready = try db.cachedStatement(
            sql: "INSERT OR REPLACE INTO readyRow (listKey, position, id, ready) VALUES (?, ?, ?, ?)")
        for row in rows {
            try delete.execute(arguments: [list.text, row.id])
            try statement.execute(arguments: [
                list.text, row.id, try FieldsText.encode(row.fields), row.lastModifiedDate, row.systemModstamp,
                row.position,
            ])
            if let bytes = row.ready { try ready.execute(arguments: [list.text, row.position, row.id, Data(bytes)]) }
        }
    }

    /// Rows just written in `format` (nil: some without ready bytes) keep the list's ready format
    /// only when it is the same; otherwise the list's rows are read from their JSON.
    static func keepReadyFormat(_ format: String?, of list: ListKey, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE listSync SET readyFormat = NULL WHERE listKey = ? AND readyFormat IS NOT ?",
            arguments: [list.text, format])
    }

    static func save(_ state: ListSyncState, _ db: Database) throws {
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO listSync (listKey, lastSystemModstamp, syncedAt, isComplete, readyFormat)
                VALUES (?, ?, ?, ?, ?)
                """,
            arguments: [
                state.list.text, state.lastSystemModstamp, state.syncedAt.timeIntervalSince1970, state.isComplete,
                state.readyFormat,
            ])
    }

    private static func row(from row: Row) throws -> ReplicaRow {
        ReplicaRow(
            id: row["id"], fields: try FieldsText.decode(row["fields"]), lastModifiedDate: row["lastModifiedDate"],
            systemModstamp: row["systemModstamp"], position: row["position"])
    }

    private static func syncState(from row: Row) -> ListSyncState {
        ListSyncState(
            list: ListKey(stored: row["listKey"]), lastSystemModstamp: row["lastSystemModstamp"],
            syncedAt: Date(timeIntervalSince1970: row["syncedAt"]), isComplete: row["isComplete"],
            readyFormat: row["readyFormat"])
    }
}
