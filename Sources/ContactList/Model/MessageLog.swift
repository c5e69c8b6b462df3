import Foundation

/// The last messages the app showed, whole and with their times, newest first: the status line
/// cuts a long one, and `!` shows them all.
public struct MessageLog: Sendable {
    public struct Entry: Sendable, Hashable {
        public let time: Date
        public let text: String
    }

    /// How many messages are kept.
    public static let capacity = 50

    /// Newest first.
    public private(set) var entries: [Entry] = []

    /// Keeps a message; empty text (a cleared status line) is not one.
    /// Messages of progress, which would push the ones that matter out of the log.
    static let progressPrefixes = ["Loading…", "Refreshing…", "Sorting by", "Reading the fields", "Saving "]

    mutating func record(_ text: String, at time: Date) {
        guard !text.isEmpty, entries.first?.text != text else { return }
        guard !Self.progressPrefixes.contains(where: text.hasPrefix) else { return }
        entries.insert(Entry(time: time, text: text), at: 0)
        if entries.count > Self.capacity { entries.removeLast(entries.count - Self.capacity) }
    }
}
