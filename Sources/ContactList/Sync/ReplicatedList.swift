import Foundation
import RestCore

/// What the local replica holds of the list at start, as the runner hands it to the model
/// (`ContactListModel.showCachedRows(_:age:)`): its rows in the list's order, as query result
/// records, and where its last sync left it.
public struct ReplicatedList: Sendable {
    /// The rows, each as a query result holds it (`Id`, `attributes.type`, the fields read).
    public var records: [JSONValue]
    /// When the last sync of the list began (this machine's clock).
    public var syncedAt: Date
    /// The latest `SystemModstamp` among the rows then; nil when none carried one.
    public var lastSystemModstamp: String?
    /// Whether every row of the list was kept: only then can a sync ask for what changed.
    public var isComplete: Bool

    public init(records: [JSONValue], syncedAt: Date, lastSystemModstamp: String?, isComplete: Bool) {
        self.records = records
        self.syncedAt = syncedAt
        self.lastSystemModstamp = lastSystemModstamp
        self.isComplete = isComplete
    }
}
