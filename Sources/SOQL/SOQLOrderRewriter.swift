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
        guard let tokens = selectTokens(soql) else { return nil }
        var orderStart: Int?
        var tail: Int?
        for index in topLevelIndices(tokens) {
            let token = tokens[index]
            if isOrderBy(tokens, at: index) {
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

    /// The first field of the statement's top-level ORDER BY, as a path (`["Account", "Name"]`),
    /// and whether it goes down; nil without one, or when it orders by something other than a
    /// field (a function).
    package static func leadingOrder(of soql: String) -> (path: [String], descending: Bool)? {
        guard let tokens = selectTokens(soql),
            var index = topLevelIndices(tokens).first(where: { isOrderBy(tokens, at: $0) })
        else { return nil }
        index += 2
        var path: [String] = []
        while index < tokens.count, case .identifier(let name) = tokens[index].kind {
            path.append(name)
            index += 1
            guard index < tokens.count, tokens[index].kind == .symbol(".") else { break }
            index += 1
        }
        // The lexer ends the tokens with `.end`, so a field is always followed by a token.
        guard !path.isEmpty, index < tokens.count else { return nil }
        if tokens[index].kind == .symbol("(") || tokens[index].kind == .symbol(".") { return nil }
        return (path, tokens[index].keyword == "DESC")
    }

    /// The first words of the clauses that follow ORDER BY in a SELECT (`UPDATE` for
    /// `UPDATE TRACKING` and `UPDATE VIEWSTAT`, which need no `FOR` before them).
    static let clausesAfterOrderBy: Set<String> = ["LIMIT", "OFFSET", "FOR", "UPDATE"]

    /// The tokens of a SELECT; nil for text that does not lex as SOQL or is not a SELECT.
    static func selectTokens(_ soql: String) -> [SOQLToken]? {
        guard let tokens = try? SOQLLexer(soql).tokens(), tokens.first?.keyword == "SELECT" else { return nil }
        return tokens
    }

    /// The indices of the tokens outside parentheses (subqueries, functions), in order.
    static func topLevelIndices(_ tokens: [SOQLToken]) -> [Int] {
        var depth = 0
        var indices: [Int] = []
        for (index, token) in tokens.enumerated() {
            if token.kind == .symbol("(") { depth += 1 }
            if token.kind == .symbol(")") { depth -= 1 }
            if depth == 0 { indices.append(index) }
        }
        return indices
    }

    /// Whether `ORDER BY` starts at `index`.
    private static func isOrderBy(_ tokens: [SOQLToken], at index: Int) -> Bool {
        tokens[index].keyword == "ORDER" && index + 1 < tokens.count && tokens[index + 1].keyword == "BY"
    }

    private static func trimmedEnd(_ text: String) -> String {
        var text = Substring(text)
        while text.last?.isWhitespace == true { text.removeLast() }
        return String(text)
    }
}
