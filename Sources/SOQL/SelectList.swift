/// The columns of a SOQL query's SELECT list, in order, with where each value sits in a record.
///
/// `SELECT Id, Account.Name, toLabel(Status), COUNT(Id) total, (SELECT Id FROM Cases) FROM …`
/// gives the columns `Id`, `Account.Name`, `Status`, `total`, `Cases`; a relationship path
/// becomes a path into the nested record. `FIELDS(…)` cannot be listed ahead; it gives `nil`.
/// The list is read by `SOQLParser`, the grammar MockOrg runs.
public struct SelectList: Sendable, Hashable {
    public struct Column: Sendable, Hashable {
        /// The header text: the field as written (`Account.Name`), or the alias.
        public var name: String
        /// The keys to follow in a record (`["Account", "Name"]`); see `FieldLookup`.
        public var path: [String]
        /// A field of the record or of a parent, selected as it is (not an alias, a function
        /// or a subquery): its value is the field's own text.
        public var isField: Bool

        public init(name: String, path: [String], isField: Bool = true) {
            self.name = name
            self.path = path
            self.isField = isField
        }
    }

    public var columns: [Column]
    /// `SELECT COUNT() FROM …`: Salesforce answers the number in `totalSize` with no records;
    /// the one column is `totalSize`.
    public var countsRows = false

    /// The columns of `soql`, or `nil` when they cannot be known from the text alone.
    ///
    /// With `skippingUnknownItems`, an item whose column cannot be named ahead (`TYPEOF`, a
    /// function such as `DISTANCE(…)`) is left out instead, for a view that shows only what it
    /// can name; `FIELDS(…)` still gives `nil`, since then no column at all is known.
    public init?(soql: String, skippingUnknownItems: Bool = false) {
        guard let items = SOQLParser.selectItems(of: soql) else { return nil }
        if items.count == 1, case .function(let name, _, let arguments, _, alias: nil) = items[0],
            name.keyword == "COUNT", arguments.isEmpty
        {
            columns = [Column(name: "totalSize", path: ["totalSize"], isField: false)]
            countsRows = true
            return
        }
        // Beside an aggregate function a field is grouped, and an AggregateResult holds it under its
        // own name: `Account.Name` is the record's `Name`.
        let groups = items.contains { item in
            if case .function(let name, _, _, _, _) = item { return Self.aggregates.contains(name.keyword ?? "") }
            return false
        }
        var columns: [Column] = []
        var unnamedAggregates = 0
        for item in items {
            if var column = Self.column(for: item, unnamedAggregates: &unnamedAggregates) {
                if groups, case .field(_, alias: nil) = item, let last = column.path.last { column.path = [last] }
                columns.append(column)
            } else if !skippingUnknownItems || Self.isFieldsFunction(item) {
                return nil
            }
        }
        self.columns = columns
    }

    public init(columns: [Column]) {
        self.columns = columns
    }

    private static let aggregates: Set<String> = ["COUNT", "COUNT_DISTINCT", "SUM", "AVG", "MIN", "MAX", "GROUPING"]
    /// Functions whose value sits under the field's own name.
    private static let transparentFunctions: Set<String> = ["TOLABEL", "FORMAT", "CONVERTCURRENCY"]

    private static func column(for item: SOQLStatement.Item, unnamedAggregates: inout Int) -> Column? {
        switch item {
        case .field(let path, alias: nil):
            return Column(name: path.parts.joined(separator: "."), path: path.parts)
        case .field(_, alias: let alias?), .function(_, _, _, _, alias: let alias?):
            if case .function(let name, _, _, _, _) = item, name.keyword == "FIELDS" { return nil }
            return Column(name: alias.text, path: [alias.text], isField: false)
        case .function(let name, _, let arguments, _, alias: nil):
            let function = name.keyword ?? ""
            if aggregates.contains(function) {
                let name = "expr\(unnamedAggregates)"
                unnamedAggregates += 1
                return Column(name: name, path: [name], isField: false)
            }
            guard transparentFunctions.contains(function), let path = Self.path(of: arguments) else { return nil }
            return Column(name: path.joined(separator: "."), path: path, isField: false)
        case .subquery(_, let inner):
            // Its records sit under the relationship name.
            return Column(name: inner.object.text, path: [inner.object.text], isField: false)
        case .typeOf:
            return nil
        }
    }

    private static func isFieldsFunction(_ item: SOQLStatement.Item) -> Bool {
        if case .function(let name, _, _, _, _) = item { return name.keyword == "FIELDS" }
        return false
    }

    /// The field path that `tokens` are (`Account . Name`), if that is all they are.
    private static func path(of tokens: [SOQLToken]) -> [String]? {
        var parts: [String] = []
        for (index, token) in tokens.enumerated() {
            if index % 2 == 1 {
                guard token.kind == .symbol(".") else { return nil }
            } else {
                guard case .identifier(let name) = token.kind else { return nil }
                parts.append(name)
            }
        }
        return parts.isEmpty || tokens.count % 2 == 0 ? nil : parts
    }
}
