import Foundation

/// What one replica holds: its lists, its rows, and when it last synced.
public struct ReplicaSummary: Hashable, Sendable {
    public var lists: Int
    public var rows: Int
    /// The latest sync of any of its lists; nil when none was synced.
    public var lastSync: Date?

    public init(lists: Int, rows: Int, lastSync: Date?) {
        self.lists = lists
        self.rows = rows
        self.lastSync = lastSync
    }
}
