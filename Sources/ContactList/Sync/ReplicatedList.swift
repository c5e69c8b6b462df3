import Foundation

/// What the local replica holds of the list at start, as the runner hands it to the model
/// (`ContactListModel.showCachedRows(_:age:)`): its rows in the list's order, as the list shows
/// them, and where its last sync left it.
public struct ReplicatedList: Sendable {
    /// The rows, each as the list shows it, with its ORDER BY values.
    public var rows: [ReadyRow]
    /// When the last sync of the list began (this machine's clock).
    public var syncedAt: Date
    /// The latest `SystemModstamp` among the rows then; nil when none carried one.
    public var lastSystemModstamp: String?
    /// Whether every row of the list was kept: only then can a sync ask for what changed.
    public var isComplete: Bool

    public init(rows: [ReadyRow], syncedAt: Date, lastSystemModstamp: String?, isComplete: Bool) {
        self.rows = rows
        self.syncedAt = syncedAt
        self.lastSystemModstamp = lastSystemModstamp
        self.isComplete = isComplete
    }
}
