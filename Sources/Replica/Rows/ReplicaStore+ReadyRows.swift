import ContactList
import Foundation
import GRDB

extension ReplicaStore {
    /// The rows of `list` read from their ready bytes in `format`, in their order; nil when they
    /// were not all kept in that format (`ListSyncState.readyFormat`) or a row's bytes do not
    /// read, so that the caller reads their JSON instead.
    func readyRows(of list: ListKey, state: ListSyncState, format: ReadyRowFormat, limit: Int?) throws -> [ReadyRow]? {
        guard state.readyFormat == format.signature else { return nil }
        return try pool.read { db in
            if limit == nil, !(try Self.everyRowIsReady(list, db)) { return nil }
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT ready FROM readyRow WHERE listKey = ? ORDER BY position, id LIMIT ?",
                arguments: [list.text, limit ?? -1])
            var rows: [ReadyRow] = []
            var objectType: String?
            while let row = try cursor.next() {
                guard let ready = try Self.readyRow(row, format, objectType: objectType) else { return nil }
                objectType = ready.record.objectType
                rows.append(ready)
            }
            return rows
        }
    }

    /// Reads every row of `list` from its ready bytes in `format`, in order, handing them to
    /// `chunks` `ReadyRowChunks.size` at a time; false when a row's bytes do not read.
    func readyRows(of list: ListKey, format: ReadyRowFormat, into chunks: ReadyRowChunks) throws -> Bool {
        try pool.read { db in
            guard try Self.everyRowIsReady(list, db) else { return false }
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT ready FROM readyRow WHERE listKey = ? ORDER BY position, id", arguments: [list.text])
            var chunk: [ReadyRow] = []
            chunk.reserveCapacity(ReadyRowChunks.size)
            var objectType: String?
            while let row = try cursor.next() {
                guard let ready = try Self.readyRow(row, format, objectType: objectType) else { return false }
                objectType = ready.record.objectType
                chunk.append(ready)
                if chunk.count == ReadyRowChunks.size {
                    chunks.put(chunk)
                    chunk = []
                    chunk.reserveCapacity(ReadyRowChunks.size)
                }
            }
            if !chunk.isEmpty { chunks.put(chunk) }
            return true
        }
    }

    /// Whether every row of `list` has its ready bytes (the list's `readyFormat` says they were
    /// all written; this says none went missing since).
    private static func everyRowIsReady(_ list: ListKey, _ db: Database) throws -> Bool {
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM readyRow WHERE listKey = ?", arguments: [list.text])
            == Int.fetchOne(db, sql: "SELECT COUNT(*) FROM listRow WHERE listKey = ?", arguments: [list.text])
    }

    /// The ready row of `row`; `objectType`, the type of the row read before, lends its text.
    private static func readyRow(_ row: Row, _ format: ReadyRowFormat, objectType: String?) throws -> ReadyRow? {
        try row.withUnsafeData(atIndex: 0) { data in
            data?.withUnsafeBytes { format.row(from: $0, objectType: objectType) }
        }
    }
}
