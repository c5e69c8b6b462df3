/// Whether the rows shown came from the local replica, for the header: `cached 2 h ago ·
/// syncing…` until the org's first page replaces them, then `synced`.
public enum CachedRowsStatus: Hashable, Sendable {
    /// The rows are the org's own (no replica was shown).
    case none
    /// The replica's rows, as old as `age` says (`2 h ago`), while the org's answer is awaited.
    case cached(age: String)
    /// The org's rows replaced the replica's (or, replicating, the whole list is held).
    case synced
    /// The org cannot be reached (or `--offline`): the replica's rows, as old as `cachedAge`
    /// says when it held any, and changes queue.
    case offline(cachedAge: String?)
    /// The list's pages load in the background into the replica: `kept` of the org's `of` rows.
    case replicating(kept: Int, of: Int)

    /// The header's words; nil for `.none`.
    var label: String? {
        switch self {
        case .none: return nil
        case .cached(let age): return "cached \(age) · syncing…"
        case .synced: return "synced"
        case .offline(let age): return age.map { "offline · cached \($0)" } ?? "offline"
        case .replicating(let kept, let total):
            return "syncing \(GroupedNumber.text(kept)) / \(GroupedNumber.text(total)) "
                + ProgressBar.text(done: kept, of: total, width: 10)
        }
    }

    /// `just now`, `12 min ago`, `2 h ago`, `3 d ago`: how long ago, in whole units, rounded down.
    public static func age(seconds: Double) -> String {
        let seconds = max(0, Int(seconds))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(seconds / 60) min ago"
        case ..<86400: return "\(seconds / 3600) h ago"
        default: return "\(seconds / 86400) d ago"
        }
    }
}
