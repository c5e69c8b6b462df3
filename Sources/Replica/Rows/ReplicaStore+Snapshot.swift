import ContactList
import Foundation
import GRDB

extension ReplicaStore {
    /// Rows a snapshot part holds (the last part fewer): as many as a start shows at a time.
    static let snapshotPartRows = ReadyRowChunks.size

    /// Writes the snapshot of `list` later, on the store's own queue, unless one is waiting to
    /// be written already: a sync's last answer schedules it, and the caller goes on at once.
    /// `close()` waits for it.
    func keepSnapshotLater(of list: ListKey) {
        guard snapshotsWaiting.withLock({ $0.insert(list.text).inserted }) else { return }
        snapshotQueue.async { [self] in
            snapshotsWaiting.withLock { _ = $0.remove(list.text) }
            // A cache: a snapshot not written leaves the rows read one by one, as before.
            try? keepSnapshot(of: list)
        }
    }

    /// Waits until the snapshots asked for are written.
    func waitForSnapshots() { snapshotQueue.sync {} }

    /// Writes the snapshot of `list` (its ready rows in parts of `snapshotPartRows`, in order)
    /// when the list is whole, every row is ready in the list's format and no snapshot of it is
    /// kept already. One transaction, so the snapshot is exactly the rows it was made from; any
    /// later change to them drops it (the triggers of migration "5 ready snapshots").
    func keepSnapshot(of list: ListKey) throws {
        try pool.write { db in
            let state = try Row.fetchOne(
                db, sql: "SELECT isComplete, readyFormat FROM listSync WHERE listKey = ?", arguments: [list.text])
            guard let state, state["isComplete"] == true, let format: String = state["readyFormat"],
                try Int.fetchOne(
                    db, sql: "SELECT COUNT(*) FROM readySnapshot WHERE listKey = ?", arguments: [list.text]) == 0
            else { return }
            let all = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM listRow WHERE listKey = ?", arguments: [list.text])
            let insert = try db.makeStatement(
                sql: """
                    INSERT INTO readySnapshot (listKey, part, readyFormat, generation, rowCount, bytes)
                    VALUES (?, ?, ?, ?, ?, ?)
                    """)
            let generation = UUID().uuidString
            // Each part is written as it fills: one part is held at a time, however long the list.
            var part: [UInt8] = []
            var partRows = 0
            var parts = 0
            var count = 0
            func writePart() throws {
                try insert.execute(arguments: [list.text, parts, format, generation, partRows, Data(part)])
                parts += 1
                part.removeAll(keepingCapacity: true)
                partRows = 0
            }
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT ready FROM readyRow WHERE listKey = ? ORDER BY position, id",
                arguments: [list.text])
            var whole = true
            while whole, let row = try cursor.next() {
                whole = try row.withUnsafeData(atIndex: 0) { data in
                    guard let data else { return false }
                    withUnsafeBytes(of: UInt32(data.count).littleEndian) { part.append(contentsOf: $0) }
                    part.append(contentsOf: data)
                    return true
                }
                partRows += 1
                count += 1
                if partRows == Self.snapshotPartRows { try writePart() }
            }
            if partRows > 0 { try writePart() }
            // A row without its ready bytes: no snapshot, and the list is read row by row until a
            // load makes it whole.
            if !whole || count != all || count == 0 {
                try db.execute(sql: "DELETE FROM readySnapshot WHERE listKey = ?", arguments: [list.text])
            }
        }
    }

    /// The snapshot of `list` in `format`: how many rows and parts it holds, and its generation;
    /// nil when none is kept in it.
    func snapshotSize(of list: ListKey, format: ReadyRowFormat) throws -> ReadySnapshotSize? {
        try pool.read { db in
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT COUNT(*), SUM(rowCount), MIN(readyFormat), MAX(readyFormat), MAX(part),
                        MIN(generation), MAX(generation)
                    FROM readySnapshot WHERE listKey = ?
                    """, arguments: [list.text])
            guard let row, let parts: Int = row[0], parts > 0, let rows: Int = row[1],
                row[2] == format.signature, row[3] == format.signature, row[4] == parts - 1,
                let generation: String = row[5], row[6] == generation
            else { return nil }
            return ReadySnapshotSize(rows: rows, parts: parts, generation: generation)
        }
    }

    /// The rows of part `part` of the snapshot `size` of `list`, folded for `/`; nil when the
    /// part is not that snapshot's (another took its place meanwhile) or its bytes do not read in
    /// `format` (the caller then reads the rows one by one). Parts may be read at once on several
    /// threads.
    func readSnapshotPart(
        _ part: Int, of size: ReadySnapshotSize, list: ListKey, format: ReadyRowFormat
    ) throws -> ReadyChunk? {
        try pool.read { db in
            guard
                let row = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT rowCount, bytes FROM readySnapshot
                        WHERE listKey = ? AND part = ? AND generation = ?
                        """,
                    arguments: [list.text, part, size.generation])
            else { return nil }
            let rowCount: Int = row[0]
            return try row.withUnsafeData(atIndex: 1) { data in
                data.flatMap { data in
                    data.withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: rowCount, format: format) }
                }
            }
        }
    }
}

/// The size of a list's snapshot (`ReplicaStore.snapshotSize(of:format:)`) and its generation,
/// which each of its parts carries.
struct ReadySnapshotSize: Sendable, Equatable {
    let rows: Int
    let parts: Int
    let generation: String
}
