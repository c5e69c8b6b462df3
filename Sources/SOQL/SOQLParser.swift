/// Parses SOQL text into a `SOQLStatement`: grammar only, no schema.
package struct SOQLParser {
    private let statement: String
    private let tokens: [SOQLToken]
    private var position = 0
    /// How many parentheses, NOTs and inner SELECTs enclose the condition being read.
    private var depth = 0

    /// Salesforce's limit on a statement's length, in characters.
    package static let maxLength = 100_000
    /// The parentheses, NOTs and inner SELECTs a condition may stand in: the parser, and whoever
    /// walks the tree after it, recurses once per level, and thousands of levels overflow the stack.
    package static let maxDepth = 100

    private init(_ statement: String, tokens: [SOQLToken]) {
        self.statement = statement
        self.tokens = tokens
    }

    /// The whole statement; the first syntax error is thrown.
    package static func parse(_ statement: String) throws(SOQLError) -> SOQLStatement {
        guard !statement.allSatisfy(\.isWhitespace) else { throw SOQLError.empty }
        guard statement.count <= maxLength else { throw SOQLError.tooLong }
        var parser = SOQLParser(statement, tokens: try SOQLLexer(statement).tokens())
        return try parser.parseStatement()
    }

    /// The SELECT list only, up to the top-level FROM; what follows FROM is not read (it may
    /// use clauses this grammar does not know). Nil when the list itself does not parse.
    package static func selectItems(of statement: String) -> [SOQLStatement.Item]? {
        var parser = SOQLParser(statement, tokens: SOQLLexer(statement).leadingTokens())
        do {
            try parser.expectKeyword("SELECT")
            let items = try parser.parseItems()
            try parser.expectKeyword("FROM")
            return items
        } catch {
            return nil
        }
    }

    /// Words that end a SELECT item or start a clause, so never a field name or an alias.
    private static let reserved: Set<String> = [
        "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "ORDER", "BY", "LIMIT", "OFFSET", "LIKE", "IN", "NULL",
        "TRUE", "FALSE", "ASC", "DESC", "NULLS", "GROUP", "HAVING",
    ]

    /// `KEYWORD BY item, item, …` (`GROUP BY`, `ORDER BY`); empty when the clause is absent.
    private mutating func parseByList<Item>(
        _ keyword: String, _ item: (inout SOQLParser) throws(SOQLError) -> Item
    ) throws(SOQLError) -> [Item] {
        guard consumeKeyword(keyword) else { return [] }
        try expectKeyword("BY")
        var items = [Item]()
        repeat {
            items.append(try item(&self))
        } while consumeSymbol(",")
        return items
    }

    private mutating func parseStatement() throws(SOQLError) -> SOQLStatement {
        let (items, object, filter) = try parseSelectFromWhere()
        let grouping = try parseByList("GROUP") { parser throws(SOQLError) in try parser.parsePath() }
        let ordering = try parseByList("ORDER") { parser throws(SOQLError) in try parser.parseOrdering() }
        var limit: Int?
        if consumeKeyword("LIMIT") {
            limit = try nonNegativeInteger()
        }
        var offset: (value: Int, token: SOQLToken)?
        if consumeKeyword("OFFSET") {
            let token = current
            offset = (try nonNegativeInteger(), token)
        }
        guard current.kind == .end else { throw unexpected() }
        return SOQLStatement(
            text: statement, items: items, object: object, filter: filter, grouping: grouping, ordering: ordering,
            limit: limit, offset: offset)
    }

    /// `SELECT … FROM object [WHERE …]`, the part a statement shares with a semi-join's inner SELECT.
    private mutating func parseSelectFromWhere() throws(SOQLError) -> (
        items: [SOQLStatement.Item], object: SOQLToken, filter: SOQLStatement.Condition?
    ) {
        try expectKeyword("SELECT")
        let items = try parseItems()
        try expectKeyword("FROM")
        let object = current
        guard case .identifier = object.kind else { throw unexpected() }
        position += 1
        var filter: SOQLStatement.Condition?
        if consumeKeyword("WHERE") {
            filter = try parseOr()
        }
        return (items, object, filter)
    }

    /// The inner SELECT of `IN (SELECT …)`, up to its closing parenthesis (not consumed).
    private mutating func parseSemiJoin() throws(SOQLError) -> SOQLStatement {
        try enterLevel()
        defer { depth -= 1 }
        let (items, object, filter) = try parseSelectFromWhere()
        return SOQLStatement(
            text: statement, items: items, object: object, filter: filter, grouping: [], ordering: [], limit: nil,
            offset: nil)
    }

    // MARK: - Tokens

    private var current: SOQLToken { tokens[position] }

    private func peek(_ distance: Int) -> SOQLToken {
        tokens[min(position + distance, tokens.count - 1)]
    }

    private func unexpected() -> SOQLError {
        SOQLError.unexpected(current, in: statement)
    }

    private mutating func expectKeyword(_ keyword: String) throws(SOQLError) {
        guard current.keyword == keyword else { throw unexpected() }
        position += 1
    }

    private mutating func expectSymbol(_ symbol: String) throws(SOQLError) {
        guard current.kind == .symbol(symbol) else { throw unexpected() }
        position += 1
    }

    private mutating func consumeSymbol(_ symbol: String) -> Bool {
        guard current.kind == .symbol(symbol) else { return false }
        position += 1
        return true
    }

    private mutating func consumeKeyword(_ keyword: String) -> Bool {
        guard current.keyword == keyword else { return false }
        position += 1
        return true
    }

    /// The current token, consumed; the end of the statement is returned but never passed.
    private mutating func take() -> SOQLToken {
        let token = current
        if token.kind != .end { position += 1 }
        return token
    }

    private mutating func nonNegativeInteger() throws(SOQLError) -> Int {
        guard case .number(let value) = current.kind, value >= 0, value == value.rounded(), value < 1e12 else {
            throw unexpected()
        }
        position += 1
        return Int(value)
    }

    // MARK: - SELECT list

    private mutating func parseItems() throws(SOQLError) -> [SOQLStatement.Item] {
        var items = [SOQLStatement.Item]()
        repeat {
            items.append(try parseItem())
        } while consumeSymbol(",")
        return items
    }

    private mutating func parseItem() throws(SOQLError) -> SOQLStatement.Item {
        if current.kind == .symbol("(") {
            return try parseSubquery()
        }
        if current.keyword == "TYPEOF", case .identifier = peek(1).kind {
            position += 1
            let subject = current
            try skipBalanced(until: "END")
            return .typeOf(subject: subject)
        }
        if let keyword = current.keyword, !Self.reserved.contains(keyword), peek(1).kind == .symbol("(") {
            let name = take()
            let open = take()
            let start = position
            try skipBalanced(until: nil)
            let arguments = Array(tokens[start..<(position - 1)])
            let after = current
            return .function(name: name, open: open, arguments: arguments, after: after, alias: parseAlias())
        }
        let path = try parsePath()
        return .field(path, alias: parseAlias())
    }

    private mutating func parseAlias() -> SOQLToken? {
        guard let keyword = current.keyword, !Self.reserved.contains(keyword) else { return nil }
        return take()
    }

    /// `(SELECT … FROM Relationship [WHERE …] [ORDER BY …] [LIMIT n])`, the cursor on the opening
    /// parenthesis, which counts as a level as a semi-join's does.
    private mutating func parseSubquery() throws(SOQLError) -> SOQLStatement.Item {
        let open = take()
        try enterLevel()
        defer { depth -= 1 }
        let (items, relationship, filter) = try parseSelectFromWhere()
        let ordering = try parseByList("ORDER") { parser throws(SOQLError) in try parser.parseOrdering() }
        var limit: Int?
        if consumeKeyword("LIMIT") {
            limit = try nonNegativeInteger()
        }
        try expectSymbol(")")
        let inner = SOQLStatement(
            text: statement, items: items, object: relationship, filter: filter, grouping: [], ordering: ordering,
            limit: limit, offset: nil)
        return .subquery(open: open, statement: inner)
    }

    /// Skips tokens up to and past the closing parenthesis of the current nesting level (`keyword`
    /// nil), or past `keyword` at this level.
    private mutating func skipBalanced(until keyword: String?) throws(SOQLError) {
        var depth = 0
        while current.kind != .end {
            let token = take()
            if token.kind == .symbol("(") {
                depth += 1
            } else if token.kind == .symbol(")") {
                if depth == 0 && keyword == nil { return }
                depth -= 1
                if depth < 0 { throw SOQLError.unexpected(token, in: statement) }
            } else if depth == 0, let keyword, token.keyword == keyword {
                return
            }
        }
        throw unexpected()
    }

    private mutating func parsePath() throws(SOQLError) -> SOQLStatement.Path {
        let start = current
        guard case .identifier(let first) = start.kind, !Self.reserved.contains(first.uppercased()) else {
            throw unexpected()
        }
        position += 1
        var parts = [first]
        while current.kind == .symbol(".") {
            position += 1
            guard case .identifier(let next) = current.kind else { throw unexpected() }
            parts.append(next)
            position += 1
        }
        return SOQLStatement.Path(parts: parts, offset: start.offset)
    }

    // MARK: - ORDER BY

    private mutating func parseOrdering() throws(SOQLError) -> SOQLStatement.Ordering {
        let path = try parsePath()
        var descending = false
        if consumeKeyword("DESC") {
            descending = true
        } else {
            _ = consumeKeyword("ASC")
        }
        var nullsFirst = !descending
        if consumeKeyword("NULLS") {
            if consumeKeyword("FIRST") {
                nullsFirst = true
            } else if consumeKeyword("LAST") {
                nullsFirst = false
            } else {
                throw unexpected()
            }
        }
        return SOQLStatement.Ordering(path: path, descending: descending, nullsFirst: nullsFirst)
    }

    // MARK: - WHERE

    /// Terms joined by AND or by OR: SOQL refuses both at one level without parentheses.
    private mutating func parseOr() throws(SOQLError) -> SOQLStatement.Condition {
        let first = try parseNot()
        var terms = [first]
        var joiner: String?
        while let keyword = current.keyword, keyword == "AND" || keyword == "OR" {
            guard joiner == nil || joiner == keyword else { throw unexpected() }
            joiner = keyword
            position += 1
            terms.append(try parseNot())
        }
        switch joiner {
        case "AND": return .and(terms)
        case "OR": return .or(terms)
        default: return first
        }
    }

    private mutating func parseNot() throws(SOQLError) -> SOQLStatement.Condition {
        if current.keyword == "NOT" || current.kind == .symbol("(") { try enterLevel() }
        if consumeKeyword("NOT") {
            defer { depth -= 1 }
            return .not(try parseNot())
        }
        if consumeSymbol("(") {
            defer { depth -= 1 }
            let inner = try parseOr()
            try expectSymbol(")")
            return inner
        }
        return try parseComparison()
    }

    /// One level deeper, at the current token; refused past `maxDepth`.
    private mutating func enterLevel() throws(SOQLError) {
        guard depth < Self.maxDepth else {
            throw SOQLError.at(
                current.offset, in: statement, code: "MALFORMED_QUERY",
                "Conditions may be nested at most " + String(Self.maxDepth)
                    + " levels deep in parentheses, NOT and sub-selects")
        }
        depth += 1
    }

    private mutating func parseComparison() throws(SOQLError) -> SOQLStatement.Condition {
        let path = try parsePath()
        if consumeKeyword("LIKE") {
            guard case .string = current.kind, current.likePattern != nil else { throw unexpected() }
            return .test(path, .like(take()))
        }
        let negated = consumeKeyword("NOT")
        if consumeKeyword("IN") {
            try expectSymbol("(")
            if current.keyword == "SELECT" {
                let open = current
                let inner = try parseSemiJoin()
                try expectSymbol(")")
                return .test(path, .semiJoin(inner, open: open, negated: negated))
            }
            var values = [SOQLStatement.Literal]()
            repeat {
                values.append(try parseLiteral())
            } while consumeSymbol(",")
            try expectSymbol(")")
            return .test(path, .member(values, negated: negated))
        }
        if negated { throw unexpected() }
        guard case .symbol(let symbol) = current.kind, let op = SOQLStatement.Operator(rawValue: symbol) else {
            throw unexpected()
        }
        position += 1
        return .test(path, .compare(op, try parseLiteral()))
    }

    /// Any one token (its kind is checked against the field's type later); the date literals with
    /// an n (`LAST_N_DAYS`, `NEXT_N_WEEKS`, `N_DAYS_AGO`, …) take `:n`.
    private mutating func parseLiteral() throws(SOQLError) -> SOQLStatement.Literal {
        let token = take()
        guard let keyword = token.keyword,
            keyword.hasPrefix("LAST_N_") || keyword.hasPrefix("NEXT_N_")
                || (keyword.hasPrefix("N_") && keyword.hasSuffix("_AGO"))
        else {
            return SOQLStatement.Literal(token: token, dayCount: nil)
        }
        try expectSymbol(":")
        return SOQLStatement.Literal(token: token, dayCount: try nonNegativeInteger())
    }
}
