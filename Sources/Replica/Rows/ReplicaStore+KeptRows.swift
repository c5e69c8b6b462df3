import ContactList
import Foundation
import RestCore

extension ReplicaStore {
    /// Performs the effect when it is the replica's (`keepRows`: a page starting at 0 replaces the
    /// list's rows and records the sync; a later page adds its rows; the last page makes the list
    /// whole; an incremental sync's delta changes it); false for every other effect.
    public func perform(_ effect: ContactListEffect, now: Date = Date()) throws -> Bool {
        guard case .keepRows(let kept) = effect else { return false }
        let list = ListKey(query: kept.query)
        switch kept.change {
        case .page(let records, let firstPosition, let completesList):
            let rows = records.enumerated().compactMap { offset, record in
                ReplicaRow(record: record, position: (firstPosition + offset) * Self.positionStride)
            }
            if firstPosition == 0 {
                try replaceRows(of: list, with: rows, syncedAt: now)
            } else {
                try upsert(rows, in: list)
            }
            if completesList { try markComplete(list) }
        case .delta(let delta):
            try apply(delta, to: list)
        }
        return true
    }

    /// The rows kept for `query`, as query result records (for `ContactListModel.showCachedRows`),
    /// and when they were synced; nil when the list was never kept or holds no row.
    public func cachedRecords(of query: String) throws -> (records: [JSONValue], syncedAt: Date)? {
        try replicatedList(of: query).map { ($0.records, $0.syncedAt) }
    }

    /// The list kept for `query` as the model takes it at start: its rows as query result records,
    /// in order, and its sync state; nil when the list was never kept or holds no row.
    public func replicatedList(of query: String) throws -> ReplicatedList? {
        let list = ListKey(query: query)
        guard let state = try syncState(of: list) else { return nil }
        let records = try rows(of: list).map { row in
            var fields = row.fields
            fields["Id"] = .string(row.id)
            if let date = row.lastModifiedDate { fields["LastModifiedDate"] = .string(date) }
            return JSONValue.object(fields)
        }
        guard !records.isEmpty else { return nil }
        return ReplicatedList(
            records: records, syncedAt: state.syncedAt, lastSystemModstamp: state.lastSystemModstamp,
            isComplete: state.isComplete)
    }
}
