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
            while let row = try cursor.next() {
                guard let ready = try Self.readyRow(row, format, after: rows.last) else { return nil }
                rows.append(ready)
            }
            return rows
        }
    }

    /// The ready row of `row`; `previous`, the row read before, lends its type's text.
    private static func readyRow(_ row: Row, _ format: ReadyRowFormat, after previous: ReadyRow?) throws -> ReadyRow? {
        try row.withUnsafeData(atIndex: 0) { data in
            data?.withUnsafeBytes { format.row(from: $0, objectType: previous?.record.objectType) }
        }
    }
}
