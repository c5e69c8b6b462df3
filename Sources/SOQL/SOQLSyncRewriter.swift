/// The queries of a list's incremental sync, made from its query by tokens as
/// `SOQLOrderRewriter` does (so clauses the parser does not know survive): the rows created or
/// changed since a `SystemModstamp`, and the ids of rows changed since then that no longer match.
package enum SOQLSyncRewriter {
    /// `soql` narrowed to rows stamped after `stamp` (`(WHERE) AND SystemModstamp > stamp`, or a
    /// new WHERE); nil when the text is not a SELECT.
    package static func changed(_ soql: String, since stamp: String) -> String? {
        guard let clauses = Clauses(soql) else { return nil }
        let characters = Array(soql)
        let filter = "SystemModstamp > " + dateTimeLiteral(stamp)
        guard let condition = clauses.condition else {
            let head = SOQLOrderRewriter.trimmedEnd(String(characters[..<clauses.tailStart]))
            return head + " WHERE " + filter + tail(characters, from: clauses.tailStart)
        }
        return String(characters[..<condition.lowerBound]) + "("
            + SOQLOrderRewriter.trimmedEnd(String(characters[condition])) + ") AND " + filter
            + tail(characters, from: condition.upperBound)
    }

    /// `SELECT Id FROM OBJECT WHERE SystemModstamp > stamp AND NOT (WHERE)`: the rows changed so
    /// that they left the list; nil without a WHERE (no row can leave) or for text that is not a SELECT.
    package static func stoppedMatching(_ soql: String, since stamp: String) -> String? {
        guard let clauses = Clauses(soql), let condition = clauses.condition else { return nil }
        let characters = Array(soql)
        let from = SOQLOrderRewriter.trimmedEnd(String(characters[clauses.from]))
        return "SELECT Id FROM " + from + " WHERE SystemModstamp > " + dateTimeLiteral(stamp) + " AND NOT ("
            + SOQLOrderRewriter.trimmedEnd(String(characters[condition])) + ")"
    }

    /// `SELECT Id, SystemModstamp FROM …` with every clause of `soql` after its SELECT list kept
    /// (WHERE, ORDER BY, LIMIT, OFFSET): the list's members in its order, each with its stamp, for
    /// a full Id-only resync; nil for text that is not a SELECT.
    package static func idsAndStamps(_ soql: String) -> String? {
        guard let clauses = Clauses(soql) else { return nil }
        return "SELECT Id, SystemModstamp FROM " + String(Array(soql)[clauses.from.lowerBound...])
    }

    /// Whether the query has a top-level LIMIT (a sync then reads every Id again instead).
    package static func hasLimit(_ soql: String) -> Bool {
        Clauses(soql)?.hasLimit ?? false
    }

    /// A stamp as the org writes it (`2026-11-26T10:00:00.000+0000`) as a SOQL datetime literal
    /// (`2026-11-26T10:00:00.000Z`, or `+hh:mm` for another zone); other text is kept.
    package static func dateTimeLiteral(_ stamp: String) -> String {
        if stamp.hasSuffix("+0000") { return String(stamp.dropLast(5)) + "Z" }
        let zone = stamp.suffix(5)
        guard zone.count == 5, zone.first == "+" || zone.first == "-", zone.dropFirst().allSatisfy(\.isNumber)
        else { return stamp }
        return String(stamp.dropLast(2)) + ":" + String(stamp.suffix(2))
    }

    private static func tail(_ characters: [Character], from start: Int) -> String {
        let rest = String(characters[start...]).drop { $0.isWhitespace }
        return rest.isEmpty ? "" : " " + rest
    }

    /// Where a SELECT's object, its WHERE condition and the clauses after them are.
    private struct Clauses {
        /// The text after FROM, up to the next clause (the object, and `USING SCOPE` if any).
        var from: Range<Int>
        /// The WHERE condition's text, without `WHERE`.
        var condition: Range<Int>?
        /// Where the clauses after the condition (or after FROM) start.
        var tailStart: Int
        var hasLimit = false

        /// The clauses that end a FROM or WHERE clause.
        static let followers: Set<String> = ["WITH", "GROUP", "HAVING", "ORDER", "LIMIT", "OFFSET", "FOR", "UPDATE"]

        init?(_ soql: String) {
            guard let tokens = SOQLOrderRewriter.selectTokens(soql) else { return nil }
            let count = soql.count
            let top = SOQLOrderRewriter.topLevelIndices(tokens)
            guard let fromIndex = top.first(where: { tokens[$0].keyword == "FROM" }), fromIndex + 1 < tokens.count
            else { return nil }
            let after = top.filter { $0 > fromIndex }
            let whereIndex = after.first { tokens[$0].keyword == "WHERE" }
            let tailIndex = after.first { tokens[$0].keyword.map(Self.followers.contains) ?? false }
            let end = { (index: Int?) in index.map { min(tokens[$0].offset, count) } ?? count }
            from = tokens[fromIndex + 1].offset..<end(whereIndex ?? tailIndex)
            if let whereIndex, whereIndex + 1 < tokens.count {
                condition = tokens[whereIndex + 1].offset..<end(tailIndex)
            }
            tailStart = end(tailIndex)
            hasLimit = after.contains { tokens[$0].keyword == "LIMIT" }
        }
    }
}
