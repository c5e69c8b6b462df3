import SOQL

/// The SELECT list of an aggregate query (one with an aggregate function or GROUP BY), as
/// Salesforce checks it: each function's field must suit it, each plain field must be grouped,
/// and every column gets its record key (the alias, `exprN` in order, or the field's name).
extension SOQLResolver {
    /// One SELECT item of an aggregate query, resolved, before GROUP BY is known.
    struct AggregateItem {
        let column: AggregateColumn
        /// Where the item is written, for errors.
        let offset: Int
    }

    func resolveAggregateItems(on object: SObjectType) throws(SOQLError) -> [AggregateItem] {
        var items = [AggregateItem]()
        var keys = Set<String>()
        var unnamed = 0
        for item in statement.items {
            let column: AggregateColumn
            let offset: Int
            switch item {
            case .field(let raw, let alias):
                let path = try resolve(raw, on: object)
                column = AggregateColumn(key: alias?.text ?? path.field.name, value: .group(path))
                offset = raw.offset
            case .function(let name, let open, let arguments, _, let alias):
                // checkSupportedItems let only the aggregate functions through.
                guard let function = name.keyword.flatMap(AggregateFunction.init(rawValue:)) else { continue }
                let raw = try fieldArgument(arguments, of: name, open: open)
                let path = try resolve(raw, on: object)
                guard function.accepts(path.field.type) else {
                    throw SOQLError.at(
                        raw.offset, in: text, code: "INVALID_FIELD",
                        "field " + path.canonicalName + " does not support aggregate operator " + function.rawValue)
                }
                var key: String
                if let alias {
                    key = alias.text
                } else {
                    key = "expr" + String(unnamed)
                    unnamed += 1
                }
                column = AggregateColumn(key: key, value: .function(function, path))
                offset = name.offset
            case .subquery, .typeOf:
                continue
            }
            guard keys.insert(column.key.lowercased()).inserted else {
                throw SOQLError.at(offset, in: text, code: "MALFORMED_QUERY", "duplicate alias: " + column.key)
            }
            items.append(AggregateItem(column: column, offset: offset))
        }
        return items
    }

    /// The GROUP BY fields, each of a type Salesforce groups by.
    func resolveGrouping(on object: SObjectType) throws(SOQLError) -> [FieldPath] {
        var grouping = [FieldPath]()
        for raw in statement.grouping {
            let path = try resolve(raw, on: object)
            guard path.field.type.isGroupable else {
                throw SOQLError.at(
                    raw.offset, in: text, code: "INVALID_FIELD",
                    "field '" + path.canonicalName + "' can not be grouped in a query call")
            }
            grouping.append(path)
        }
        return grouping
    }

    /// The columns, once every plain field is known to be grouped.
    func aggregateColumns(_ items: [AggregateItem], grouping: [FieldPath]) throws(SOQLError) -> [AggregateColumn] {
        for item in items {
            guard case .group(let path) = item.column.value else { continue }
            guard grouping.contains(where: { $0.isSameField(as: path) }) else {
                throw SOQLError.at(
                    item.offset, in: text, code: "MALFORMED_QUERY",
                    "Field must be grouped or aggregated: " + path.canonicalName)
            }
        }
        return items.map(\.column)
    }

    /// The one field an aggregate function is given (`COUNT(Id)`, `MAX(Account.Name)`).
    private func fieldArgument(
        _ tokens: [SOQLToken], of name: SOQLToken, open: SOQLToken
    ) throws(SOQLError) -> SOQLStatement.Path {
        guard let first = tokens.first else {
            throw SOQLError.at(
                open.offset, in: text, code: "MALFORMED_QUERY", name.text + "() needs the field it aggregates")
        }
        var parts: [String] = []
        for (index, token) in tokens.enumerated() {
            if index % 2 == 1 {
                guard token.kind == .symbol(".") else { throw SOQLError.unexpected(token, in: text) }
            } else {
                guard case .identifier(let part) = token.kind else { throw SOQLError.unexpected(token, in: text) }
                parts.append(part)
            }
        }
        guard tokens.count % 2 == 1 else { throw SOQLError.unexpected(tokens.last!, in: text) }
        return SOQLStatement.Path(parts: parts, offset: first.offset)
    }
}

extension FieldType {
    /// Whether GROUP BY takes a field of this type (describe's `groupable`): not long text,
    /// date-times or currency amounts.
    var isGroupable: Bool {
        switch self {
        case .textarea, .datetime, .currency, .address: false
        default: true
        }
    }
}

extension FieldPath {
    /// The same field reached the same way (`Account.Name` is not `Name`).
    func isSameField(as other: FieldPath) -> Bool {
        canonicalName.lowercased() == other.canonicalName.lowercased()
    }
}
