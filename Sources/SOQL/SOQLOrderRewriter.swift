/// Rewrites a statement's ORDER BY clause, for a list sorted by a column.
///
/// It works on the statement's tokens rather than its grammar, so that clauses the parser does
/// not know (`WITH`, `FOR VIEW`, `USING SCOPE`) survive: only the top-level `ORDER BY … ` is
/// replaced, or a new one goes where Salesforce expects it, before `LIMIT`, `OFFSET`, `FOR VIEW`,
/// `FOR REFERENCE`, `UPDATE TRACKING`, `UPDATE VIEWSTAT` and `FOR UPDATE`. Text inside parentheses
/// (subqueries, functions) is never touched.
package enum SOQLOrderRewriter {
    /// `soql` ordered by `field` alone, ascending or descending; nil when the text does not lex
    /// as SOQL or is not a SELECT.
    package static func ordering(_ soql: String, by field: String, descending: Bool) -> String? {
        guard let tokens = try? SOQLLexer(soql).tokens(), tokens.first?.keyword == "SELECT" else { return nil }
        var depth = 0
        var orderStart: Int?
        var tail: Int?
        for (index, token) in tokens.enumerated() {
            if token.kind == .symbol("(") { depth += 1 }
            if token.kind == .symbol(")") { depth -= 1 }
            guard depth == 0 else { continue }
            if token.keyword == "ORDER", index + 1 < tokens.count, tokens[index + 1].keyword == "BY" {
                orderStart = token.offset
            } else if let keyword = token.keyword, Self.clausesAfterOrderBy.contains(keyword) {
                tail = token.offset
                break
            }
        }
        let characters = Array(soql)
        let end = tail ?? characters.count
        let head = String(characters[..<(orderStart ?? end)])
        let rest = String(characters[end...])
        let clause = "ORDER BY \(field) \(descending ? "DESC" : "ASC")"
        return trimmedEnd(head) + " " + clause + (rest.isEmpty ? "" : " " + rest)
    }

    /// The first words of the clauses that follow ORDER BY in a SELECT (`UPDATE` for
    /// `UPDATE TRACKING` and `UPDATE VIEWSTAT`, which need no `FOR` before them).
    static let clausesAfterOrderBy: Set<String> = ["LIMIT", "OFFSET", "FOR", "UPDATE"]

    private static func trimmedEnd(_ text: String) -> String {
        var text = Substring(text)
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
