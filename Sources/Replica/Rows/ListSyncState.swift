import Foundation

/// When a list was last synced, and the latest `SystemModstamp` among its rows then: where the
/// next sync starts.
public struct ListSyncState: Hashable, Sendable {
    public var list: ListKey
    /// The latest `SystemModstamp` seen, as the org wrote it; nil when no row carried one.
    public var lastSystemModstamp: String?
    /// When the sync began: a full load's first page, or an incremental sync's start (this
    /// machine's clock).
    public var syncedAt: Date
    /// Whether the replica holds every row of the list (its last page was kept, or a sync
    /// applied): only a whole list can be synced by what changed.
    public var isComplete: Bool
    /// The `ReadyRowFormat.signature` every row's ready bytes were kept under; nil when some row
    /// has none, or another's (the rows are then read from their JSON).
    public var readyFormat: String?

    public init(
        list: ListKey, lastSystemModstamp: String?, syncedAt: Date, isComplete: Bool = false,
        readyFormat: String? = nil
    ) {
        self.list = list
        self.lastSystemModstamp = lastSystemModstamp
        self.syncedAt = syncedAt
        self.isComplete = isComplete
        self.readyFormat = readyFormat
    }
}
