import Foundation
import RestCore

/// An incremental sync of a whole list shown from the replica: what it asked the org, what came
/// back so far, and each held row's place in the query's order.
///
/// `delta` asks three things at once (rows stamped after `since`; with a WHERE, the ids of rows
/// stamped after it that no longer match; the object's deletes since the replica's last sync).
/// `resync` (a LIMIT, or a replica older than the org's window of deletes) reads every id of the
/// query with its stamp, drops the held rows it does not list and reads the rows it lists that
/// are new or stamped after `since`: MobileSync's clean-up of ghosts.
struct IncrementalSync: Sendable {
    enum Mode: Sendable { case delta, resync }

    /// One request of the sync, for its `Purpose`.
    enum Step: Sendable, Hashable {
        /// A page of the list's query narrowed to rows stamped after `since`.
        case changed
        /// A page of the ids stamped after `since` that no longer match the query's WHERE.
        case stoppedMatching
        /// The object's deletes since the replica's last sync (`…/deleted/`).
        case deleted
        /// A page of every id of the query, with its stamp (a resync).
        case listed
        /// Rows read by id (a resync's new and changed rows).
        case rowsByID
    }

    /// The latest `SystemModstamp` the replica's list holds.
    let since: String
    /// When the replica's list was last synced (its deletes are asked from shortly before).
    let replicaSyncedAt: Date
    /// When this sync began: the replica's next `syncedAt`.
    var startedAt: Date
    var mode: Mode
    /// The query's order, and the key of every row the list holds (by id).
    let order: RowOrder
    var keys: [String: RowOrder.Key]
    /// Rows held whose keys are not in `keys` yet: a start hands over the replica's rows, and
    /// their keys are made when the sync's answers need them (`makeKeys`), after the rows show.
    var unkeyed: [ReadyChunk] = []
    /// Requests of the sync not answered yet.
    var awaiting = 0
    /// Rows stamped after `since` that the list's query lists (delta), or read by id (resync).
    var changed: [JSONValue] = []
    /// Ids of rows that left the list: no longer matching, deleted, or (resync) not listed.
    var removed: Set<String> = []
    /// A resync's ids in the list's order, each with its stamp.
    var listed: [(id: String, stamp: String?)] = []

    /// The next sync of the same list, from where this one left it: rows stamped after `stamp`,
    /// deletes since this one began, each row's place as this one left it.
    func following(since stamp: String) -> IncrementalSync {
        IncrementalSync(
            since: stamp, replicaSyncedAt: startedAt, startedAt: startedAt, mode: .delta, order: order, keys: keys,
            unkeyed: unkeyed)
    }

    /// Puts the keys of the rows handed over (`unkeyed`) in `keys`.
    mutating func makeKeys() {
        guard !unkeyed.isEmpty else { return }
        keys.reserveCapacity(keys.count + unkeyed.reduce(0) { $0 + $1.count })
        for chunk in unkeyed {
            for row in chunk.rows where keys[row.record.id] == nil { keys[row.record.id] = row.orderKey }
        }
        unkeyed = []
    }

    /// Forgets what the requests of an interrupted attempt brought, to begin again.
    mutating func restart() {
        mode = .delta
        awaiting = 0
        changed = []
        removed = []
        listed = []
    }

    /// How long before the replica's last sync its deletes are asked from, for clocks that differ.
    static let clockMargin: TimeInterval = 5 * 60
    /// Ids a resync reads per request.
    static let idsPerRead = 200
}
