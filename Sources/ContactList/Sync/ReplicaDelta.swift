import Foundation
import RestCore

/// What an incremental sync changed in the list, for the replica to change alike: the rows that
/// left, the rows new or changed (each placed after the row the list shows before it), and the
/// list's new sync state.
public struct ReplicaDelta: Sendable {
    /// A new or changed row: the org's record, and the id of the row before it (nil: first).
    public struct Placed: Sendable {
        public let record: JSONValue
        public let after: String?

        public init(record: JSONValue, after: String?) {
            self.record = record
            self.after = after
        }
    }

    /// The rows in the list's order after the sync.
    public var placed: [Placed]
    /// Ids of the rows that left the list (deleted, or no longer matching).
    public var removedIDs: [String]
    /// The latest `SystemModstamp` among the list's rows now.
    public var lastSystemModstamp: String?
    /// When this sync began.
    public var syncedAt: Date

    public init(placed: [Placed], removedIDs: [String], lastSystemModstamp: String?, syncedAt: Date) {
        self.placed = placed
        self.removedIDs = removedIDs
        self.lastSystemModstamp = lastSystemModstamp
        self.syncedAt = syncedAt
    }
}
