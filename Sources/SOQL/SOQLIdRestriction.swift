/// Rewrites a statement to read given records again, by id, with the same SELECT list: how `w`
/// writes the rows of a list with exactly the columns (and so the bytes) `list` gives its query.
///
/// Like `SOQLOrderRewriter`, it works on tokens: the text up to the top-level `FROM` object is
/// kept as written (subqueries, functions and `TYPEOF` included), and every clause after it
/// (`WHERE`, `WITH`, `GROUP BY`, `ORDER BY`, `LIMIT`, …) gives way to `WHERE Id IN (…)`.
package enum SOQLIdRestriction {
    /// `soql`'s SELECT list and object, restricted to `ids`; nil when the text does not lex as a
    /// SELECT with a top-level FROM, or an id is not an id (letters and digits only).
    package static func restricting(_ soql: String, toIDs ids: [String]) -> String? {
        guard !ids.isEmpty,
            ids.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }),
            let tokens = SOQLOrderRewriter.selectTokens(soql),
            let from = SOQLOrderRewriter.topLevelIndices(tokens).first(where: { tokens[$0].keyword == "FROM" }),
            from + 1 < tokens.count, case .identifier = tokens[from + 1].kind
        else { return nil }
        let object = tokens[from + 1]
        let head = String(Array(soql)[..<(object.offset + object.text.count)])
        let list = ids.map { "'\($0)'" }.joined(separator: ",")
        return "\(head) WHERE Id IN (\(list))"
    }
}
