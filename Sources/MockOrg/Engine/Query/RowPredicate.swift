/// A WHERE clause made ready for one scan: the tree is walked once here instead of once per row,
/// and LIKE on a text field of the queried object reads that field's `TextColumn`.
enum RowPredicate {
    static func make(
        _ condition: SOQLCondition, object: SObjectType, tables: OrgTables, columns: inout TextColumns
    ) -> (Int) -> Bool {
        switch condition {
        case .and(let left, let right):
            let first = make(left, object: object, tables: tables, columns: &columns)
            let second = make(right, object: object, tables: tables, columns: &columns)
            return { first($0) && second($0) }
        case .or(let left, let right):
            let first = make(left, object: object, tables: tables, columns: &columns)
            let second = make(right, object: object, tables: tables, columns: &columns)
            return { first($0) || second($0) }
        case .not(let inner):
            let test = make(inner, object: object, tables: tables, columns: &columns)
            return { !test($0) }
        case .like(let path, let pattern):
            guard let column = columns.column(for: path, of: object, tables: tables) else {
                return { SOQLEvaluator.matches(condition, in: tables, row: $0) }
            }
            return { row in
                column.matches(row: row, pattern) ?? SOQLEvaluator.matches(condition, in: tables, row: row)
            }
        case .semiJoin(let path, let join, let negated):
            // The inner SELECT runs once per scan, not once per row.
            let inner = join.filter.map { make($0, object: join.object, tables: tables, columns: &columns) }
            let values = join.values(in: tables, matches: inner)
            return { row in
                guard case .string(let id) = path.value(in: tables, row: row) else { return negated }
                return values.contains(id) != negated
            }
        case .compare, .compareRange, .member:
            return { SOQLEvaluator.matches(condition, in: tables, row: $0) }
        }
    }
}
