/// Parses a SOQL statement and resolves its names against the org's schema.
struct SOQLParser {
    private let statement: String
    private var tokens: [SOQLToken]
    private var position = 0
    /// "Now" for TODAY and LAST_N_DAYS, in milliseconds since 1970.
    private let now: Int64

    init(_ statement: String, now: Int64) {
        self.statement = statement
        self.tokens = []
        self.now = now
    }

    static func parse(_ statement: String, now: Int64) throws(SOQLError) -> SOQLQuery {
        var parser = SOQLParser(statement, now: now)
        return try parser.parseQuery()
    }

    private struct RawPath {
        let parts: [String]
        let offset: Int
    }

    private mutating func parseQuery() throws(SOQLError) -> SOQLQuery {
        guard !statement.allSatisfy(\.isWhitespace) else { throw SOQLError.empty }
        tokens = try SOQLLexer(statement).tokens()
        try expectKeyword("SELECT")
        var rawFields = [RawPath]()
        var isCount = false
        if current.keyword == "COUNT", peek(1).kind == .symbol("(") {
            position += 2
            try expectSymbol(")")
            isCount = true
        } else {
            repeat {
                rawFields.append(try rawPath())
            } while consumeSymbol(",")
        }
        try expectKeyword("FROM")
        let objectToken = current
        guard case .identifier(let objectName) = objectToken.kind else { throw unexpected() }
        position += 1
        guard let object = SObjectType(named: objectName) else {
            throw SOQLError.noSuchObject(objectName, at: objectToken.offset, in: statement)
        }
        var seen = Set<String>()
        var selected = [FieldPath]()
        for raw in rawFields {
            let path = try resolve(raw, on: object)
            // Salesforce refuses a field selected twice.
            guard seen.insert(path.canonicalName.lowercased()).inserted else {
                throw SOQLError.at(
                    raw.offset, in: statement, code: "MALFORMED_QUERY",
                    "duplicate field selected: " + path.canonicalName)
            }
            selected.append(path)
        }
        var filter: SOQLCondition?
        if current.keyword == "WHERE" {
            position += 1
            filter = try parseOr(object)
        }
        var ordering = [SOQLOrdering]()
        if current.keyword == "ORDER" {
            position += 1
            try expectKeyword("BY")
            repeat {
                ordering.append(try parseOrdering(object))
            } while consumeSymbol(",")
        }
        var limit: Int?
        if current.keyword == "LIMIT" {
            position += 1
            limit = try nonNegativeInteger()
        }
        var offset: Int?
        if current.keyword == "OFFSET" {
            position += 1
            let offsetToken = current
            let value = try nonNegativeInteger()
            guard value <= 2000 else {
                throw SOQLError.at(
                    offsetToken.offset, in: statement, code: "NUMBER_OUTSIDE_VALID_RANGE",
                    "Maximum SOQL offset allowed is 2000")
            }
            offset = value
        }
        guard current.kind == .end else { throw unexpected() }
        return SOQLQuery(
            object: object, selection: isCount ? .count : .fields(selected), filter: filter, ordering: ordering,
            limit: limit, offset: offset)
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

    private mutating func nonNegativeInteger() throws(SOQLError) -> Int {
        guard case .number(let value) = current.kind, value >= 0, value == value.rounded(), value < 1e12 else {
            throw unexpected()
        }
        position += 1
        return Int(value)
    }

    // MARK: - Fields

    private mutating func rawPath() throws(SOQLError) -> RawPath {
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
        return RawPath(parts: parts, offset: start.offset)
    }

    private static let reserved: Set<String> = [
        "SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "ORDER", "BY", "LIMIT", "OFFSET", "LIKE", "IN", "NULL",
        "TRUE", "FALSE", "ASC", "DESC", "NULLS", "GROUP", "HAVING",
    ]

    private func resolve(_ raw: RawPath, on object: SObjectType) throws(SOQLError) -> FieldPath {
        var parts = raw.parts[...]
        // `Contact.Name` in a query on Contact names the queried object itself.
        if parts.count > 1, parts.first?.lowercased() == object.name.lowercased(),
            object.relationship(named: parts.first!) == nil
        {
            parts = parts.dropFirst()
        }
        switch parts.count {
        case 1:
            guard let field = object.field(named: parts.first!) else {
                throw SOQLError.noSuchColumn(parts.first!, on: object, at: raw.offset, in: statement)
            }
            return FieldPath(relationship: nil, field: field)
        case 2:
            let relationshipName = parts.first!
            let fieldName = parts.last!
            guard let relationship = object.relationship(named: relationshipName), let parent = relationship.referenceTo
            else {
                throw SOQLError.at(
                    raw.offset, in: statement, code: "INVALID_FIELD",
                    "Didn't understand relationship '" + relationshipName
                        + "' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."
                )
            }
            guard let field = parent.field(named: fieldName) else {
                throw SOQLError.noSuchColumn(fieldName, on: parent, at: raw.offset, in: statement)
            }
            return FieldPath(relationship: relationship, field: field)
        default:
            throw SOQLError.at(
                raw.offset, in: statement, code: "INVALID_FIELD",
                "Relationships of more than one level are not supported by this org: '"
                    + raw.parts.joined(separator: ".") + "'")
        }
    }

    // MARK: - ORDER BY

    private mutating func parseOrdering(_ object: SObjectType) throws(SOQLError) -> SOQLOrdering {
        let raw = try rawPath()
        let path = try resolve(raw, on: object)
        // Describe reports text areas as not sortable; ORDER BY agrees.
        guard path.field.type != .textarea else {
            throw SOQLError.at(
                raw.offset, in: statement, code: "INVALID_FIELD",
                "field '" + path.canonicalName + "' can not be sorted in a query call")
        }
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
        return SOQLOrdering(path: path, descending: descending, nullsFirst: nullsFirst)
    }

    // MARK: - WHERE

    /// Terms joined by AND or by OR: SOQL refuses both at one level without parentheses.
    private mutating func parseOr(_ object: SObjectType) throws(SOQLError) -> SOQLCondition {
        var condition = try parseNot(object)
        var joiner: String?
        while let keyword = current.keyword, keyword == "AND" || keyword == "OR" {
            guard joiner == nil || joiner == keyword else { throw unexpected() }
            joiner = keyword
            position += 1
            let next = try parseNot(object)
            condition = keyword == "AND" ? .and(condition, next) : .or(condition, next)
        }
        return condition
    }

    private mutating func parseNot(_ object: SObjectType) throws(SOQLError) -> SOQLCondition {
        if consumeKeyword("NOT") {
            return .not(try parseNot(object))
        }
        if consumeSymbol("(") {
            let inner = try parseOr(object)
            try expectSymbol(")")
            return inner
        }
        return try parseComparison(object)
    }

    private mutating func parseComparison(_ object: SObjectType) throws(SOQLError) -> SOQLCondition {
        let raw = try rawPath()
        let path = try resolve(raw, on: object)
        if consumeKeyword("LIKE") {
            let token = current
            guard case .string = token.kind, let pattern = token.likePattern else { throw unexpected() }
            // LIKE is for text: not for ids, references, dates or flags.
            guard path.field.type.isText else { throw invalidOperator(on: path, at: raw.offset) }
            position += 1
            return .like(path, LikePattern(pattern))
        }
        let negated = consumeKeyword("NOT")
        if consumeKeyword("IN") {
            try expectSymbol("(")
            var values = [FieldValue]()
            repeat {
                values.append(try literal(for: path, operatorIsRange: false).value)
            } while consumeSymbol(",")
            try expectSymbol(")")
            return .member(path, values, negated: negated)
        }
        if negated { throw unexpected() }
        guard case .symbol(let symbol) = current.kind, let op = SOQLCondition.Operator(rawValue: symbol) else {
            throw unexpected()
        }
        // A flag is equal or not; it has no order.
        if path.field.type == .boolean && op != .equal && op != .notEqual {
            throw invalidOperator(on: path, at: raw.offset)
        }
        position += 1
        let literal = try literal(for: path, operatorIsRange: true)
        if let range = literal.range {
            return .compareRange(path, op, lower: range.lowerBound, upper: range.upperBound)
        }
        return .compare(path, op, literal.value)
    }

    private func invalidOperator(on path: FieldPath, at offset: Int) -> SOQLError {
        SOQLError.at(
            offset, in: statement, code: "INVALID_QUERY_FILTER_OPERATOR",
            "invalid operator on " + path.field.type.rawValue + " field: " + path.canonicalName)
    }

    private struct Literal {
        var value: FieldValue
        var range: Range<Int64>?
    }

    /// Reads a literal and checks it against the field's type as Salesforce does.
    private mutating func literal(for path: FieldPath, operatorIsRange: Bool) throws(SOQLError) -> Literal {
        let token = current
        let field = path.field
        func wrongType(_ expected: String, quoted: Bool) -> SOQLError {
            SOQLError.at(
                token.offset, in: statement, code: "INVALID_FIELD",
                "value of filter criterion for field '" + path.canonicalName + "' must be of type " + expected
                    + (quoted ? " and should be enclosed in quotes" : " and should not be enclosed in quotes"))
        }
        position += 1
        if token.keyword == "NULL" { return Literal(value: .null) }
        switch field.type {
        case .boolean:
            guard let keyword = token.keyword, keyword == "TRUE" || keyword == "FALSE" else {
                throw wrongType("boolean", quoted: false)
            }
            return Literal(value: .boolean(keyword == "TRUE"))
        case .int, .currency:
            guard case .number(let number) = token.kind else { throw wrongType(field.type.literalName, quoted: false) }
            return Literal(value: .number(number))
        case .datetime, .date:
            if case .dateTime(let millis) = token.kind, field.type == .datetime {
                return Literal(value: .dateTime(millis))
            }
            if case .date(let days) = token.kind, field.type == .date { return Literal(value: .date(days)) }
            if let keyword = token.keyword, let range = try dateRange(keyword) {
                // A day is a range of instants; an IN list compares single values, so it cannot hold one.
                guard operatorIsRange else {
                    throw SOQLError.at(
                        token.offset, in: statement, code: "MALFORMED_QUERY",
                        "date literal " + keyword + " is not supported in an IN list; use = or a range")
                }
                return Literal(value: .null, range: range)
            }
            throw wrongType(field.type == .datetime ? "dateTime" : "date", quoted: false)
        case .id, .reference:
            guard case .string(let text) = token.kind else { throw wrongType("id", quoted: true) }
            try refuseLikeOnlyEscape(in: token)
            guard SalesforceID.isWellFormed(text) else {
                throw SOQLError.at(
                    token.offset, in: statement, code: "INVALID_QUERY_FILTER_OPERATOR", "invalid ID field: " + text)
            }
            return Literal(value: .string(SalesforceID.eighteenCharacter(text)))
        default:
            guard case .string(let text) = token.kind else { throw wrongType("string", quoted: true) }
            try refuseLikeOnlyEscape(in: token)
            return Literal(value: .string(text))
        }
    }

    /// `\%` and `\_` belong to LIKE patterns; in any other string they are an error, as in Salesforce.
    private func refuseLikeOnlyEscape(in token: SOQLToken) throws(SOQLError) {
        guard let offset = token.likeOnlyEscape else { return }
        let escaped = token.text.dropFirst(offset - token.offset + 1).first.map(String.init) ?? ""
        throw SOQLError.at(
            offset, in: statement, code: "MALFORMED_QUERY",
            "Invalid string literal " + token.text + ". Illegal character sequence '\\" + escaped
                + "' in string literal.")
    }

    /// The range of a relative date literal; the keyword is consumed already.
    private mutating func dateRange(_ keyword: String) throws(SOQLError) -> Range<Int64>? {
        let day = DateText.millisPerDay
        let today = DateText.day(containing: now) * day
        switch keyword {
        case "TODAY": return today..<(today + day)
        case "YESTERDAY": return (today - day)..<today
        case "TOMORROW": return (today + day)..<(today + 2 * day)
        case "LAST_N_DAYS", "NEXT_N_DAYS":
            try expectSymbol(":")
            let count = Int64(try nonNegativeInteger())
            return keyword == "LAST_N_DAYS"
                ? (today - count * day)..<(today + day) : today..<(today + (count + 1) * day)
        default:
            return nil
        }
    }
}
