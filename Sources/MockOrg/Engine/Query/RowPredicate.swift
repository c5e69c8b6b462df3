/// A WHERE clause made ready for one scan: the tree is walked once here instead of once per row,
/// and LIKE on a text field of the queried object reads that field's `TextColumn`.
enum RowPredicate {
    static func make(
        _ condition: SOQLCondition, object: SObjectType, tables: OrgTables, columns: inout TextColumns,
        budget: QueryBudget?
    ) throws(APIError) -> (Int) -> Bool {
        switch condition {
        case .and(let terms):
            let tests = try makeAll(terms, object: object, tables: tables, columns: &columns, budget: budget)
            if tests.count == 2 {
                let (first, second) = (tests[0], tests[1])
                return { first($0) && second($0) }
            }
            return { row in tests.allSatisfy { $0(row) } }
        case .or(let terms):
            let tests = try makeAll(terms, object: object, tables: tables, columns: &columns, budget: budget)
            if tests.count == 2 {
                let (first, second) = (tests[0], tests[1])
                return { first($0) || second($0) }
            }
            return { row in tests.contains { $0(row) } }
        case .not(let inner):
            let test = try make(inner, object: object, tables: tables, columns: &columns, budget: budget)
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
            var inner: ((Int) -> Bool)?
            if let filter = join.filter {
                inner = try make(filter, object: join.object, tables: tables, columns: &columns, budget: budget)
            }
            let values = try join.values(in: tables, matches: inner, budget: budget)
            return { row in
                guard case .string(let id) = path.value(in: tables, row: row) else { return negated }
                return values.contains(id) != negated
            }
        case .compare, .compareRange, .member:
            return { SOQLEvaluator.matches(condition, in: tables, row: $0) }
        }
    }

    /// The tests of a run of ANDs or ORs, in order.
    private static func makeAll(
        _ terms: [SOQLCondition], object: SObjectType, tables: OrgTables, columns: inout TextColumns,
        budget: QueryBudget?
    ) throws(APIError) -> [(Int) -> Bool] {
        var tests = [(Int) -> Bool]()
        tests.reserveCapacity(terms.count)
        for term in terms {
            tests.append(try make(term, object: object, tables: tables, columns: &columns, budget: budget))
        }
        return tests
    }
}
