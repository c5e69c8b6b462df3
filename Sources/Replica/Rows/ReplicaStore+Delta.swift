import ContactList
import Foundation
import GRDB
import RestCore

extension ReplicaStore {
    /// How far apart a full load numbers its rows' positions, so that a synced row goes between
    /// two others without renumbering the list.
    static let positionStride = 1024

    /// Applies an incremental sync's changes to `list` in one transaction: the rows that left go,
    /// each new or changed row takes its place after the row it follows, and the list's sync state
    /// becomes the delta's (whole). The placed rows are kept ready in `format`, when given; the
    /// list stays ready only when they all are, in the list's own format (`keepReadyFormat`).
    public func apply(_ delta: ReplicaDelta, to list: ListKey, format: ReadyRowFormat? = nil) throws {
        try pool.write { db in
            let delete = try db.cachedStatement(sql: "DELETE FROM listRow WHERE listKey = ? AND id = ?")
            for id in delta.removedIDs { try delete.execute(arguments: [list.text, id]) }
            var allReady = true
            for placed in delta.placed {
                guard var row = ReplicaRow(record: placed.record, position: 0, format: format) else { continue }
                allReady = allReady && row.ready != nil
                // The row's old copy, if any, is left out of the gap (`insert` replaces it), so
                // that a row synced again and again in place keeps the gap it had.
                row.position = try Self.position(after: placed.after, for: row.id, in: list, db)
                try Self.insert([row], into: list, db)
            }
            let kept = try String.fetchOne(
                db, sql: "SELECT readyFormat FROM listSync WHERE listKey = ?", arguments: [list.text])
            try Self.save(
                ListSyncState(
                    list: list, lastSystemModstamp: delta.lastSystemModstamp, syncedAt: delta.syncedAt,
                    isComplete: true, readyFormat: kept), db)
            try Self.keepReadyFormat(allReady ? format?.signature : nil, of: list, db)
        }
    }

    /// A free position for the row `placed` right after the row `after` (before every row when
    /// nil or not in the list), `placed`'s own old copy left out; the list is renumbered when no
    /// gap is left there.
    private static func position(
        after id: String?, for placed: String, in list: ListKey, _ db: Database
    ) throws -> Int {
        for attempt in 0..<2 {
            let previous = try id.flatMap {
                try Int.fetchOne(
                    db, sql: "SELECT position FROM listRow WHERE listKey = ? AND id = ?", arguments: [list.text, $0])
            }
            let next: Int? =
                if let previous {
                    try Int.fetchOne(
                        db, sql: "SELECT MIN(position) FROM listRow WHERE listKey = ? AND position > ? AND id != ?",
                        arguments: [list.text, previous, placed])
                } else {
                    try Int.fetchOne(
                        db, sql: "SELECT MIN(position) FROM listRow WHERE listKey = ? AND id != ?",
                        arguments: [list.text, placed])
                }
            switch (previous, next) {
            case (nil, nil): return 0
            case (nil, let next?): return next - positionStride
            case (let previous?, nil): return previous + positionStride
            case (let previous?, let next?):
                if next - previous >= 2 { return previous + (next - previous) / 2 }
                if attempt == 0 { try renumber(list, db) }
            }
        }
        preconditionFailure("a renumbered list leaves a gap between any two rows")
    }

    /// Numbers the list's rows again, `positionStride` apart, in their order.
    private static func renumber(_ list: ListKey, _ db: Database) throws {
        let ids = try String.fetchAll(
            db, sql: "SELECT id FROM listRow WHERE listKey = ? ORDER BY position, id", arguments: [list.text])
        let update = try db.cachedStatement(sql: "UPDATE listRow SET position = ? WHERE listKey = ? AND id = ?")
        for (index, id) in ids.enumerated() {
            try update.execute(arguments: [index * positionStride, list.text, id])
        }
    }
}
