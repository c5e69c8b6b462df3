import ContactList
import Foundation
import RestCore

extension ReplicaStore {
    /// Performs the effect when it is the replica's (`keepRows`: a page starting at 0 replaces the
    /// list's rows and records the sync; a later page adds its rows); false for every other effect.
    public func perform(_ effect: ContactListEffect, now: Date = Date()) throws -> Bool {
        guard case .keepRows(let kept) = effect else { return false }
        let list = ListKey(query: kept.query)
        let rows = kept.records.enumerated().map { offset, record in
            ReplicaRow(record: record, columnPaths: kept.columnPaths, position: kept.firstPosition + offset)
        }
        if kept.firstPosition == 0 {
            try replaceRows(of: list, with: rows, syncedAt: now)
        } else {
            try upsert(rows, in: list)
        }
        return true
    }

    /// The rows kept for `query`, as query result records (for `ContactListModel.showCachedRows`),
    /// and when they were synced; nil when the list was never kept or holds no row.
    public func cachedRecords(of query: String) throws -> (records: [JSONValue], syncedAt: Date)? {
        let list = ListKey(query: query)
        guard let state = try syncState(of: list) else { return nil }
        let records = try rows(of: list).map { row in
            var fields = row.fields
            fields["Id"] = .string(row.id)
            if let date = row.lastModifiedDate { fields["LastModifiedDate"] = .string(date) }
            return JSONValue.object(fields)
        }
        return records.isEmpty ? nil : (records, state.syncedAt)
    }
}

extension ReplicaRow {
    /// A row of the list as shown: each column's text at its field path (`Account.Name` nested as
    /// the org answers it), the record's type under `attributes`, and its name.
    init(record: ContactRecord, columnPaths: [[String]], position: Int) {
        var fields: [String: JSONValue] = [
            "attributes": .object(["type": .string(record.objectType)]), "Name": .string(record.displayName),
        ]
        for (path, value) in zip(columnPaths, record.values) where !path.isEmpty {
            fields = Self.setting(.string(value), at: path[...], in: fields)
        }
        // The date every change of the row is conditioned on, offline too.
        self.init(id: record.id, fields: fields, lastModifiedDate: record.lastModifiedDate, position: position)
    }

    private static func setting(
        _ value: JSONValue, at path: ArraySlice<String>, in object: [String: JSONValue]
    ) -> [String: JSONValue] {
        guard let first = path.first else { return object }
        var object = object
        object[first] =
            path.count == 1
            ? value : .object(setting(value, at: path.dropFirst(), in: object[first]?.objectValue ?? [:]))
        return object
    }
}
