/// What the left margin of a row with a queued change shows: ✚ created, ✎ edited, ✖ deleted, as
/// MobileSyncExplorer marks `__locally_created__`, `__locally_updated__` and
/// `__locally_deleted__` records, and ↺ restored (`U`); an ASCII letter where the terminal draws
/// only ASCII (`LANG=C`).
public enum QueuedBadge: Hashable, Sendable {
    case created, edited, deleted, restored

    /// The glyph in `repertoire`: one column either way.
    public func glyph(in repertoire: CharacterRepertoire) -> String {
        switch (self, repertoire) {
        case (.created, .unicode): "✚"
        case (.edited, .unicode): "✎"
        case (.deleted, .unicode): "✖"
        case (.restored, .unicode): "↺"
        case (.created, .ascii): "+"
        case (.edited, .ascii): "~"
        case (.deleted, .ascii): "x"
        case (.restored, .ascii): "u"
        }
    }
}
