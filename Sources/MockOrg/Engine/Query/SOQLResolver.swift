import SOQL

/// Resolves a parsed statement against the org's schema: objects, fields and relationships by
/// name, each literal checked against its field's type, relative dates against "now".
///
/// Names are resolved in the order they are written (the object, the SELECT list, WHERE,
/// GROUP BY, ORDER BY), so the first unknown name is the one reported. What the org does not
/// support (functions other than `COUNT()` and the aggregates, subqueries of an aggregate query or
/// of a subquery, TYPEOF) is refused at the token where it begins.
struct SOQLResolver {
    let statement: SOQLStatement
    /// "Now" for TODAY and LAST_N_DAYS, in milliseconds since 1970.
    private let now: Int64

    var text: String { statement.text }

    /// Parses `text` and resolves it; syntax errors come first, then unknown names.
    static func query(_ text: String, now: Int64) throws(SOQLError) -> SOQLQuery {
        let statement = try SOQLParser.parse(text)
        return try SOQLResolver(statement: statement, now: now).resolve()
    }

    private func resolve() throws(SOQLError) -> SOQLQuery {
        let kind = try checkSupportedItems()
        let objectToken = statement.object
        guard case .identifier(let objectName) = objectToken.kind, let object = SObjectType(named: objectName) else {
            throw SOQLError.noSuchObject(objectToken.text, at: objectToken.offset, in: text)
        }
        var selection = SOQLQuery.Selection.count
        var children = [ChildQuery]()
        var aggregateItems: [AggregateItem] = []
        switch kind {
        case .count:
            if let group = statement.grouping.first {
                throw SOQLError.at(
                    group.offset, in: text, code: "MALFORMED_QUERY",
                    "COUNT() cannot be used with GROUP BY; use COUNT(fieldName)")
            }
        case .fields:
            selection = .fields(try resolveSelectedFields(on: object))
            children = try resolveSubqueries(on: object)
        case .aggregate:
            aggregateItems = try resolveAggregateItems(on: object)
        }
        let filter = try statement.filter.map { (condition) throws(SOQLError) in try resolve(condition, on: object) }
        var grouping = [FieldPath]()
        if kind == .aggregate {
            grouping = try resolveGrouping(on: object)
            selection = .aggregate(try aggregateColumns(aggregateItems, grouping: grouping))
        }
        var ordering = [SOQLOrdering]()
        for item in statement.ordering {
            ordering.append(try resolve(item, on: object, grouping: kind == .aggregate ? grouping : nil))
        }
        if let offset = statement.offset, offset.value > 2000 {
            throw SOQLError.at(
                offset.token.offset, in: text, code: "NUMBER_OUTSIDE_VALID_RANGE", "Maximum SOQL offset allowed is 2000"
            )
        }
        return SOQLQuery(
            object: object, selection: selection, filter: filter, grouping: grouping, ordering: ordering,
            limit: statement.limit, offset: statement.offset?.value, children: children)
    }

    /// The parent-to-child subqueries, each on a child relationship of `object` whose child the
    /// org stores, selecting plain fields of the child.
    private func resolveSubqueries(on object: SObjectType) throws(SOQLError) -> [ChildQuery] {
        var children = [ChildQuery]()
        for case .subquery(_, let inner) in statement.items {
            let token = inner.object
            guard let relationship = object.childRelationship(named: token.text), let child = relationship.child,
                let parentField = relationship.childField
            else {
                throw SOQLError.at(
                    token.offset, in: text, code: "INVALID_TYPE",
                    "Didn't understand relationship '" + token.text
                        + "' in FROM part of query call. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."
                )
            }
            var fields = [FieldPath]()
            for item in inner.items {
                switch item {
                case .field(let raw, alias: nil): fields.append(try resolve(raw, on: child))
                case .field(_, alias: let alias?): throw SOQLError.unexpected(alias, in: text)
                case .function(let name, _, _, _, _): throw SOQLError.unexpected(name, in: text)
                case .subquery(let open, _): throw SOQLError.unexpected(open, in: text)
                case .typeOf(let subject): throw SOQLError.unexpected(subject, in: text)
                }
            }
            let filter = try inner.filter.map { (condition) throws(SOQLError) in try resolve(condition, on: child) }
            var ordering = [SOQLOrdering]()
            for item in inner.ordering { ordering.append(try resolve(item, on: child, grouping: nil)) }
            children.append(
                ChildQuery(
                    relationshipName: relationship.relationshipName, object: child, parentField: parentField,
                    fields: fields, filter: filter, ordering: ordering, limit: inner.limit))
        }
        return children
    }

    /// The plain fields of a query that neither groups nor aggregates, each once.
    private func resolveSelectedFields(on object: SObjectType) throws(SOQLError) -> [FieldPath] {
        var seen = Set<String>()
        var selected = [FieldPath]()
        for case .field(let raw, alias: nil) in statement.items {
            let path = try resolve(raw, on: object)
            // Salesforce refuses a field selected twice.
            guard seen.insert(path.canonicalName.lowercased()).inserted else {
                throw SOQLError.at(
                    raw.offset, in: text, code: "MALFORMED_QUERY", "duplicate field selected: " + path.canonicalName)
            }
            selected.append(path)
        }
        return selected
    }

    enum SelectionKind {
        case count, fields, aggregate
    }

    /// What the SELECT list asks for: `COUNT()` alone, plain fields, or (with an aggregate
    /// function or GROUP BY) grouped fields and aggregate functions. Anything else is refused at
    /// the token where it begins.
    private func checkSupportedItems() throws(SOQLError) -> SelectionKind {
        var aggregates = !statement.grouping.isEmpty
        var fieldAlias: SOQLToken?
        var firstSubquery: SOQLToken?
        for (index, item) in statement.items.enumerated() {
            switch item {
            case .field(_, alias: nil):
                continue
            case .field(_, alias: let alias?):
                // An alias names a grouped field; a query that does not group has none.
                fieldAlias = fieldAlias ?? alias
            case .function(let name, let open, let arguments, let after, let alias):
                if name.keyword == "COUNT", arguments.isEmpty {
                    guard index == 0 else { throw SOQLError.unexpected(open, in: text) }
                    if let alias { throw SOQLError.unexpected(alias, in: text) }
                    if statement.items.count > 1 { throw SOQLError.unexpected(after, in: text) }
                    return .count
                }
                guard name.keyword.flatMap(AggregateFunction.init(rawValue:)) != nil else {
                    throw SOQLError.unexpected(open, in: text)
                }
                aggregates = true
            case .subquery(let open, _):
                firstSubquery = firstSubquery ?? open
            case .typeOf(let subject):
                throw SOQLError.unexpected(subject, in: text)
            }
        }
        if !aggregates, let fieldAlias { throw SOQLError.unexpected(fieldAlias, in: text) }
        if aggregates, let firstSubquery { throw SOQLError.unexpected(firstSubquery, in: text) }
        return aggregates ? .aggregate : .fields
    }

    // MARK: - Fields

    func resolve(_ raw: SOQLStatement.Path, on object: SObjectType) throws(SOQLError) -> FieldPath {
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
                throw SOQLError.noSuchColumn(parts.first!, on: object, at: raw.offset, in: text)
            }
            return FieldPath(relationship: nil, field: field)
        case 2:
            let relationshipName = parts.first!
            let fieldName = parts.last!
            guard let relationship = object.relationship(named: relationshipName), let parent = relationship.referenceTo
            else {
                throw SOQLError.at(
                    raw.offset, in: text, code: "INVALID_FIELD",
                    "Didn't understand relationship '" + relationshipName
                        + "' in field path. If you are attempting to use a custom relationship, be sure to append the '__r' after the custom relationship name. Please reference your WSDL or the describe call for the appropriate names."
                )
            }
            guard let field = parent.field(named: fieldName) else {
                throw SOQLError.noSuchColumn(fieldName, on: parent, at: raw.offset, in: text)
            }
            return FieldPath(relationship: relationship, field: field)
        default:
            // Valid SOQL this engine does not run: a syntax-level refusal, not an unknown field.
            throw SOQLError.at(
                raw.offset, in: text, code: "MALFORMED_QUERY",
                "Relationships of more than one level are not supported by this org: '"
                    + raw.parts.joined(separator: ".") + "'")
        }
    }

    // MARK: - ORDER BY

    /// - Parameter grouping: the GROUP BY fields of an aggregate query, which alone may order it.
    private func resolve(
        _ item: SOQLStatement.Ordering, on object: SObjectType, grouping: [FieldPath]?
    ) throws(SOQLError) -> SOQLOrdering {
        let path = try resolve(item.path, on: object)
        if let grouping, !grouping.contains(where: { $0.isSameField(as: path) }) {
            throw SOQLError.at(
                item.path.offset, in: text, code: "MALFORMED_QUERY",
                "Ordered field must be grouped or aggregated: " + path.canonicalName)
        }
        // Describe reports text areas and addresses as not sortable; ORDER BY agrees.
        guard path.field.type.isSortable else {
            throw SOQLError.at(
                item.path.offset, in: text, code: "INVALID_FIELD",
                "field '" + path.canonicalName + "' can not be sorted in a query call")
        }
        return SOQLOrdering(path: path, descending: item.descending, nullsFirst: item.nullsFirst)
    }

    // MARK: - WHERE

    /// - Parameter semiJoinRefusal: why a semi-join is refused where this condition stands (under
    ///   OR, or inside another semi-join); nil where one is allowed.
    private func resolve(
        _ condition: SOQLStatement.Condition, on object: SObjectType, semiJoinRefusal: String? = nil
    ) throws(SOQLError)
        -> SOQLCondition
    {
        switch condition {
        case .and(let terms):
            var resolved = [SOQLCondition]()
            resolved.reserveCapacity(terms.count)
            for term in terms { resolved.append(try resolve(term, on: object, semiJoinRefusal: semiJoinRefusal)) }
            return .and(resolved)
        case .or(let terms):
            let refusal = semiJoinRefusal ?? "Semi join sub-selects are not allowed with the 'OR' operator"
            var resolved = [SOQLCondition]()
            resolved.reserveCapacity(terms.count)
            for term in terms { resolved.append(try resolve(term, on: object, semiJoinRefusal: refusal)) }
            return .or(resolved)
        case .not(let inner):
            return .not(try resolve(inner, on: object, semiJoinRefusal: semiJoinRefusal))
        case .test(let raw, let test):
            let path = try resolve(raw, on: object)
            guard path.field.type.isFilterable else {
                throw SOQLError.at(
                    raw.offset, in: text, code: "INVALID_FIELD",
                    "field '" + path.canonicalName + "' can not be filtered in query call")
            }
            switch test {
            case .semiJoin(let inner, let open, let negated):
                if let semiJoinRefusal {
                    throw SOQLError.at(open.offset, in: text, code: "MALFORMED_QUERY", semiJoinRefusal)
                }
                try requireIDField(path, at: raw.offset)
                return .semiJoin(path, try resolveSemiJoin(inner, open: open), negated: negated)
            case .like(let token):
                // LIKE is for text: not for ids, references, dates or flags.
                guard path.field.type.isText, let pattern = token.likePattern else {
                    throw invalidOperator(on: path, at: raw.offset)
                }
                return .like(path, LikePattern(pattern))
            case .member(let literals, let negated):
                var values = [FieldValue]()
                for literal in literals {
                    values.append(try value(of: literal, for: path, operatorIsRange: false).value)
                }
                return .member(path, MemberValues(values), negated: negated)
            case .compare(let op, let literal):
                // A flag is equal or not; it has no order.
                if path.field.type == .boolean && op != .equal && op != .notEqual {
                    throw invalidOperator(on: path, at: raw.offset)
                }
                let value = try value(of: literal, for: path, operatorIsRange: true)
                if let range = value.range {
                    return .compareRange(path, op, lower: range.lowerBound, upper: range.upperBound)
                }
                return .compare(path, op, value.value)
            }
        }
    }

    /// The inner SELECT of a semi-join: one Id or reference field of an object, and a filter
    /// without another semi-join.
    private func resolveSemiJoin(_ inner: SOQLStatement, open: SOQLToken) throws(SOQLError) -> SemiJoin {
        guard case .identifier(let objectName) = inner.object.kind, let object = SObjectType(named: objectName) else {
            throw SOQLError.noSuchObject(inner.object.text, at: inner.object.offset, in: text)
        }
        guard inner.items.count == 1, case .field(let raw, alias: nil) = inner.items[0] else {
            throw SOQLError.at(
                open.offset, in: text, code: "MALFORMED_QUERY",
                "a semi join sub-select must select exactly one Id or reference field")
        }
        let field = try resolve(raw, on: object)
        try requireIDField(field, at: raw.offset)
        let filter = try inner.filter.map { (condition) throws(SOQLError) in
            try resolve(condition, on: object, semiJoinRefusal: "Nested semi join sub-selects are not supported")
        }
        return SemiJoin(object: object, field: field, filter: filter)
    }

    /// Semi-joins compare ids: the field on either side must be an Id or a reference.
    private func requireIDField(_ path: FieldPath, at offset: Int) throws(SOQLError) {
        guard path.field.type == .id || path.field.type == .reference else {
            throw SOQLError.at(
                offset, in: text, code: "MALFORMED_QUERY",
                "semi join sub-selects are only supported on Id and reference fields, not on " + path.canonicalName)
        }
    }

    private func invalidOperator(on path: FieldPath, at offset: Int) -> SOQLError {
        SOQLError.at(
            offset, in: text, code: "INVALID_QUERY_FILTER_OPERATOR",
            "invalid operator on " + path.field.type.rawValue + " field: " + path.canonicalName)
    }

    private struct Value {
        var value: FieldValue
        var range: Range<Int64>?
    }

    /// Checks a literal against the field's type as Salesforce does.
    private func value(
        of literal: SOQLStatement.Literal, for path: FieldPath, operatorIsRange: Bool
    ) throws(SOQLError) -> Value {
        let token = literal.token
        let field = path.field
        func wrongType(_ expected: String, quoted: Bool) -> SOQLError {
            SOQLError.at(
                token.offset, in: text, code: "INVALID_FIELD",
                "value of filter criterion for field '" + path.canonicalName + "' must be of type " + expected
                    + (quoted ? " and should be enclosed in quotes" : " and should not be enclosed in quotes"))
        }
        if token.keyword == "NULL" { return Value(value: .null) }
        switch field.type {
        case .boolean:
            guard let keyword = token.keyword, keyword == "TRUE" || keyword == "FALSE" else {
                throw wrongType("boolean", quoted: false)
            }
            return Value(value: .boolean(keyword == "TRUE"))
        case .int, .currency:
            guard case .number(let number) = token.kind else { throw wrongType(field.type.literalName, quoted: false) }
            return Value(value: .number(number))
        case .datetime, .date:
            if case .dateTime(let millis) = token.kind, field.type == .datetime {
                return Value(value: .dateTime(millis))
            }
            if case .date(let days) = token.kind, field.type == .date { return Value(value: .date(days)) }
            if let keyword = token.keyword, let range = dateRange(keyword, count: literal.dayCount) {
                // A day is a range of instants; an IN list compares single values, so it cannot hold one.
                guard operatorIsRange else {
                    throw SOQLError.at(
                        token.offset, in: text, code: "MALFORMED_QUERY",
                        "date literal " + keyword + " is not supported in an IN list; use = or a range")
                }
                return Value(value: .null, range: range)
            }
            if let keyword = token.keyword, keyword != "TRUE", keyword != "FALSE" {
                // A word where a date belongs is a literal the org does not know: a syntax error.
                guard DateLiteral.unsupported.contains(keyword) else { throw SOQLError.unexpected(token, in: text) }
                throw SOQLError.at(
                    token.offset, in: text, code: "MALFORMED_QUERY",
                    "date literal " + keyword + " is not supported by this org")
            }
            throw wrongType(field.type == .datetime ? "dateTime" : "date", quoted: false)
        case .id, .reference:
            guard case .string(let value) = token.kind else { throw wrongType("id", quoted: true) }
            try refuseLikeOnlyEscape(in: token)
            guard SalesforceID.isWellFormed(value) else {
                throw SOQLError.at(
                    token.offset, in: text, code: "INVALID_QUERY_FILTER_OPERATOR", "invalid ID field: " + value)
            }
            return Value(value: .string(SalesforceID.eighteenCharacter(value)))
        default:
            guard case .string(let value) = token.kind else { throw wrongType("string", quoted: true) }
            try refuseLikeOnlyEscape(in: token)
            return Value(value: .string(value))
        }
    }

    /// `\%` and `\_` belong to LIKE patterns; in any other string they are an error, as in Salesforce.
    private func refuseLikeOnlyEscape(in token: SOQLToken) throws(SOQLError) {
        guard let offset = token.likeOnlyEscape else { return }
        let escaped = token.text.dropFirst(offset - token.offset + 1).first.map(String.init) ?? ""
        throw SOQLError.at(
            offset, in: text, code: "MALFORMED_QUERY",
            "Invalid string literal " + token.text + ". Illegal character sequence '\\" + escaped
                + "' in string literal.")
    }

    /// The range of a relative date literal (`count` is the n of `LAST_N_DAYS:n`).
    private func dateRange(_ keyword: String, count: Int?) -> Range<Int64>? {
        DateLiteral.range(keyword, count: count, now: now)
    }
}
