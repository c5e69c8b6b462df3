import ContactList
import Foundation
import GRDB

extension ReplicaStore {
    /// The rows of `list` read from their ready bytes in `format`, in their order; nil when they
    /// were not all kept in that format or a row's bytes do not read, so that the caller reads
    /// their JSON instead. With a `limit`, its first rows only (a screenful: the check that every
    /// row is ready waits for the whole list).
    func readyRows(of list: ListKey, state: ListSyncState, format: ReadyRowFormat, limit: Int?) throws -> [ReadyRow]? {
        guard state.readyFormat == format.signature else { return nil }
        if limit == nil, try readyRowCount(of: list, state: state, format: format) == nil { return nil }
        var rows: [ReadyRow] = []
        guard try readReadyRows(of: list, format: format, limit: limit, { rows.append($0) }) else { return nil }
        return rows
    }

    /// The number of rows of `list` when every one has its ready bytes in `format` (the list's
    /// `readyFormat` says they were all written; the counts say none went missing since); nil
    /// otherwise.
    func readyRowCount(of list: ListKey, state: ListSyncState, format: ReadyRowFormat) throws -> Int? {
        guard state.readyFormat == format.signature else { return nil }
        return try pool.read { db in
            let ready = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM readyRow WHERE listKey = ?", arguments: [list.text])
            let all = try Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM listRow WHERE listKey = ?", arguments: [list.text])
            return ready == all ? all : nil
        }
    }

    /// Hands `body` the rows of `list` read from their ready bytes in `format`, in order (the
    /// first `limit` only, when given); false when a row's bytes do not read.
    func readReadyRows(
        of list: ListKey, format: ReadyRowFormat, limit: Int? = nil, _ body: (consuming ReadyRow) -> Void
    ) throws -> Bool {
        try pool.read { db in
            let cursor = try Row.fetchCursor(
                db, sql: "SELECT ready FROM readyRow WHERE listKey = ? ORDER BY position, id LIMIT ?",
                arguments: [list.text, limit ?? -1])
            var objectType: String?
            while let row = try cursor.next() {
                guard let ready = try Self.readyRow(row, format, objectType: objectType) else { return false }
                objectType = ready.record.objectType
                body(ready)
            }
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
