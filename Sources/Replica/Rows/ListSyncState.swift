import Foundation

/// When a list was last synced, and the latest `SystemModstamp` among its rows then: where the
/// next sync starts.
public struct ListSyncState: Hashable, Sendable {
    public var list: ListKey
    /// The latest `SystemModstamp` seen, as the org wrote it; nil when no row carried one.
    public var lastSystemModstamp: String?
    /// When the sync finished (this machine's clock).
    public var syncedAt: Date

    public init(list: ListKey, lastSystemModstamp: String?, syncedAt: Date) {
        self.list = list
        self.lastSystemModstamp = lastSystemModstamp
        self.syncedAt = syncedAt
    }
}
