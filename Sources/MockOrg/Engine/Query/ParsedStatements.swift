import SOQL
import Synchronization

/// Parsed statements by their text, so that a statement sent again is not parsed again.
///
/// A parse depends only on the text and on the UTC day (TODAY and LAST_N_DAYS resolve against it),
/// so an entry is reused only on the day it was parsed. Statements that fail to parse are not kept.
final class ParsedStatements: Sendable {
    /// Statements kept at once; when full, the cache starts again empty.
    static let capacity = 128

    private struct Entry {
        let day: Int64
        let query: SOQLQuery
    }

    private let entries = Mutex<[String: Entry]>([:])

    /// The statement parsed, from the cache when it was parsed on the same day as `now`.
    func query(_ statement: String, now: Int64) throws(SOQLError) -> SOQLQuery {
        // The day the parser resolves TODAY against.
        let day = DateText.day(containing: now)
        if let kept = entries.withLock({ $0[statement] }), kept.day == day { return kept.query }
        let query = try SOQLResolver.query(statement, now: now)
        entries.withLock { entries in
            if entries.count >= Self.capacity { entries.removeAll(keepingCapacity: true) }
            entries[statement] = Entry(day: day, query: query)
        }
        return query
    }
}
