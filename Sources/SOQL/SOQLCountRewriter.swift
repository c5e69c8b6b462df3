/// Rewrites a SELECT into the `SELECT COUNT()` of the same rows, so that a Bulk API 2.0 job's
/// record count can be known ahead (one subrequest of the describes' Composite call).
///
/// Like `SOQLOrderRewriter`, it works on the statement's tokens: the FROM clause and everything
/// after it up to ORDER BY (`WHERE`, `WITH`, `USING SCOPE`) is kept as written, and `LIMIT`
/// after it. ORDER BY goes (a count has no order), and so do `OFFSET` and the `FOR …` and
/// `UPDATE …` clauses, which a count cannot take or which would have the org record a view.
package enum SOQLCountRewriter {
    /// The count of the rows `soql` selects; nil when the text does not lex as SOQL, is not a
    /// SELECT, or has no top-level FROM.
    package static func counting(_ soql: String) -> String? {
        guard let tokens = SOQLOrderRewriter.selectTokens(soql) else { return nil }
        let topLevel = SOQLOrderRewriter.topLevelIndices(tokens)
        guard let from = topLevel.first(where: { tokens[$0].keyword == "FROM" }) else { return nil }
        let characters = Array(soql)
        var bodyEnd = characters.count
        var limit: String?
        for (position, index) in topLevel.enumerated() where index > from {
            let token = tokens[index]
            let endsBody =
                token.keyword == "ORDER" || SOQLOrderRewriter.clausesAfterOrderBy.contains(token.keyword ?? "")
            if endsBody { bodyEnd = min(bodyEnd, token.offset) }
            if token.keyword == "LIMIT" {
                // LIMIT and what follows it, up to the next clause or the end.
                let next = topLevel[(position + 1)...].first {
                    tokens[$0].kind == .end
                        || clausesAfterLimit.contains(tokens[$0].keyword ?? "")
                }
                let end = next.map { tokens[$0].offset } ?? characters.count
                limit = SOQLOrderRewriter.trimmedEnd(String(characters[token.offset..<min(end, characters.count)]))
            }
        }
        let body = SOQLOrderRewriter.trimmedEnd(String(characters[tokens[from].offset..<bodyEnd]))
        return "SELECT COUNT() " + body + (limit.map { " " + $0 } ?? "")
    }

    /// The clauses that may follow LIMIT: those after ORDER BY but LIMIT itself.
    private static let clausesAfterLimit = SOQLOrderRewriter.clausesAfterOrderBy.subtracting(["LIMIT"])
}
