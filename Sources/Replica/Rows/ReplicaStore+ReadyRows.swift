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
            // The whole list is read in the table's own order (its key) and sorted by SQLite
            // (`position + 0` keeps the position index out): through that index, each row would
            // cost a lookup of its own, three times slower at 100,000 rows.
            let cursor = try Row.fetchCursor(
                db,
                sql: limit == nil
                    ? "SELECT ready FROM listRow WHERE listKey = ? ORDER BY position + 0, id"
                    : "SELECT ready FROM listRow WHERE listKey = ? ORDER BY position, id LIMIT ?",
                arguments: StatementArguments([list.text] + (limit.map { [$0] } ?? [])))
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
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT ready FROM listRow WHERE listKey = ? ORDER BY position + 0, id",
                arguments: [list.text])
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

    /// The ready row of `row`; `objectType`, the type of the row read before, lends its text.
    private static func readyRow(_ row: Row, _ format: ReadyRowFormat, objectType: String?) throws -> ReadyRow? {
        try row.withUnsafeData(atIndex: 0) { data in
            data?.withUnsafeBytes { format.row(from: $0, objectType: objectType) }
        }
    }
}
