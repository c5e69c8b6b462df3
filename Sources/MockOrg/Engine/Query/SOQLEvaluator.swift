import SOQL

/// Evaluates WHERE conditions and ORDER BY comparisons against stored rows.
enum SOQLEvaluator {
    /// Whether `row` meets one comparison, range, LIKE or IN list. `RowPredicate` composes AND, OR,
    /// NOT and semi-joins once per scan and asks this only about those leaves.
    static func matches(_ condition: SOQLCondition, in tables: OrgTables, row: Int) -> Bool {
        switch condition {
        case .and, .or, .not, .semiJoin:
            preconditionFailure("RowPredicate composes AND, OR, NOT and semi-joins")
        case .compare(let path, let op, let literal):
            return compare(path.value(in: tables, row: row), op, literal)
        case .compareRange(let path, let op, let lower, let upper):
            let millis: Int64
            switch path.value(in: tables, row: row) {
            case .dateTime(let value): millis = value
            // A date is its day's first instant, UTC, as the range's bounds are.
            case .date(let days): millis = Int64(days) * DateText.millisPerDay
            default: return op == .notEqual
            }
            switch op {
            case .equal: return millis >= lower && millis < upper
            case .notEqual: return millis < lower || millis >= upper
            case .less: return millis < lower
            case .lessOrEqual: return millis < upper
            case .greater: return millis >= upper
            case .greaterOrEqual: return millis >= lower
            }
        case .like(let path, let pattern):
            guard case .string(let text) = path.value(in: tables, row: row) else { return false }
            return pattern.matches(text)
        case .member(let path, let values, let negated):
            return values.contains(path.value(in: tables, row: row)) != negated
        }
    }

    /// Salesforce semantics: `= null` and `!= null` test for null; any other comparison with null is false.
    static func compare(_ value: FieldValue, _ op: SOQLCondition.Operator, _ literal: FieldValue) -> Bool {
        if value.isNull || literal.isNull {
            switch op {
            case .equal: return value.isNull && literal.isNull
            case .notEqual: return value.isNull != literal.isNull
            default: return false
            }
        }
        guard let order = order(value, literal) else { return op == .notEqual }
        switch op {
        case .equal: return order == 0
        case .notEqual: return order != 0
        case .less: return order < 0
        case .lessOrEqual: return order <= 0
        case .greater: return order > 0
        case .greaterOrEqual: return order >= 0
        }
    }

    /// The order of two non-null values of one kind: negative, zero or positive; nil if incomparable.
    /// Text compares case-insensitively by the code points of its upper-case form, as Salesforce
    /// documents for English locales ("the UTF-8 values of the uppercase character").
    static func order(_ left: FieldValue, _ right: FieldValue) -> Int? {
        switch (left, right) {
        case (.string(let a), .string(let b)): return SOQLTextOrder.compareIgnoringCase(a, b)
        case (.number(let a), .number(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.boolean(let a), .boolean(let b)): return a == b ? 0 : (a ? 1 : -1)
        case (.date(let a), .date(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        case (.dateTime(let a), .dateTime(let b)): return a < b ? -1 : (a > b ? 1 : 0)
        default: return nil
        }
    }

    /// A sort key for `compareKeys`: non-ASCII text upper-cased once, so the sort compares bytes only.
    static func sortKey(_ value: FieldValue) -> FieldValue {
        guard case .string(let text) = value, !text.utf8.allSatisfy({ $0 < 0x80 }) else { return value }
        return .string(SOQLTextOrder.upperCased(text))
    }

    /// Orders two rows' key tuples by the query's ORDER BY items (nulls placed as asked).
    static func compareKeys(_ a: FieldValue, _ b: FieldValue, _ ordering: SOQLOrdering) -> Int {
        switch (a.isNull, b.isNull) {
        case (true, true): return 0
        case (true, false): return ordering.nullsFirst ? -1 : 1
        case (false, true): return ordering.nullsFirst ? 1 : -1
        case (false, false):
            let result: Int
            if case .string(let x) = a, case .string(let y) = b {
                result = SOQLTextOrder.compareUpperCased(x, y)
            } else {
                result = order(a, b) ?? 0
            }
            return ordering.descending ? -result : result
        }
    }
}
