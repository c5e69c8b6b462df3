import Foundation
import RestCore

extension ContactListModel {
    /// Applies what the sync found: the rows that left go (not a row with a change in flight), and
    /// each new or changed row takes its place, in the query's order (delta) or in the order the
    /// resync listed; then the header says `synced` and the replica gets the same changes.
    mutating func applyDelta() -> [ContactListEffect] {
        guard var sync = run.sync else { return [] }
        run.sync = nil
        sync.makeKeys()
        let inFlightIDs = Set(changes.updates.values.map(\.record.id)).union(changes.pendingUndeleteIDs)
        for id in sync.removed {
            sync.keys[id] = nil
            if !inFlightIDs.contains(id), !offline.isQueuedUndelete(id) { removeRow(id: id) }
        }
        let rank = Dictionary(sync.listed.enumerated().map { ($1.id, $0) }) { first, _ in first }
        var arriving: [(json: JSONValue, key: RowOrder.Key)] = sync.changed.compactMap { json in
            guard let id = json["Id"]?.stringValue, !sync.removed.contains(id) else { return nil }
            return (json, sync.order.key(of: json, id: id))
        }
        for entry in arriving { sync.keys[entry.key.id] = entry.key }
        // Listed (resync) or by the query's order (delta): a row goes after every row that precedes it.
        let precedes: (String, String) -> Bool =
            sync.mode == .resync
            ? { a, b in (rank[a] ?? -1) < (rank[b] ?? -1) }
            : { a, b in
                guard let left = sync.keys[a], let right = sync.keys[b] else { return true }
                return sync.order.precedes(left, right)
            }
        arriving.sort { precedes($0.key.id, $1.key.id) }
        let hiddenIDs = changes.pendingDeleteIDs.union(confirmedDeletedIDs)
        let pending = pendingValuesByRecord
        var placed: [ReplicaDelta.Placed] = []
        var latest = sync.since
        for (json, key) in arriving {
            if let stamp = json["SystemModstamp"]?.stringValue, stamp > latest { latest = stamp }
            removeRow(id: key.id)
            let index = insertionIndex { precedes($0, key.id) }
            placed.append(
                ReplicaDelta.Placed(
                    record: json, after: heldRow(before: index, keys: sync.keys, skipping: sync.removed)))
            guard !hiddenIDs.contains(key.id), var record = ContactRecord(json: json, columns: run.columns) else {
                continue
            }
            record.dependents = dependents(ofPageRecord: json)
            insertRow(withPendingUpdates(record, pending), at: index)
            rows.setQueryOrder(index > 0 ? (rows.queryOrder(of: dataRows[index - 1].id) ?? 0) + 1 : 0, of: key.id)
        }
        run.totalSize = rows.orgRowsStart
        run.cachedRowsStatus = .synced
        endLoadingStatus()
        clampSelection()
        let delta = ReplicaDelta(
            placed: placed, removedIDs: Array(sync.removed), lastSystemModstamp: latest, syncedAt: sync.startedAt)
        run.lastSync = sync.following(since: latest)
        return [.keepRows(KeptRows(query: query, change: .delta(delta), format: readyRowFormat))]
    }

    /// Where a row goes among the query's rows (before the org search's): after every row for
    /// which `precedes` holds, found by halving (rows are in order; rows of no known place, such
    /// as a create's placeholder on top, count as before it).
    private func insertionIndex(_ precedes: (String) -> Bool) -> Int {
        var low = 0
        var high = rows.orgRowsStart
        while low < high {
            let middle = (low + high) / 2
            if precedes(dataRows[middle].id) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The nearest row before `index` that the replica holds, which a placed row follows there.
    private func heldRow(before index: Int, keys: [String: RowOrder.Key], skipping removed: Set<String>) -> String? {
        var position = index - 1
        while position >= 0 {
            let id = dataRows[position].id
            if keys[id] != nil, !removed.contains(id) { return id }
            position -= 1
        }
        return nil
    }
}
