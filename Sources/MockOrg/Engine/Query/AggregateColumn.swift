/// One column of an aggregate query's answer (an `AggregateResult` record): a grouped field or
/// an aggregate function, under its alias, `exprN`, or the grouped field's own name.
struct AggregateColumn: Sendable {
    enum Value: Sendable {
        /// A GROUP BY field: the group's value.
        case group(FieldPath)
        case function(AggregateFunction, FieldPath)
    }

    /// The record's key for this column.
    let key: String
    let value: Value
}

/// The aggregate functions of SOQL, by their keyword.
enum AggregateFunction: String, Sendable {
    case count = "COUNT"
    case countDistinct = "COUNT_DISTINCT"
    case min = "MIN"
    case max = "MAX"
    case sum = "SUM"
    case avg = "AVG"

    /// Whether Salesforce aggregates a field of `type` with this function.
    func accepts(_ type: FieldType) -> Bool {
        switch self {
        case .count, .countDistinct: type != .textarea
        case .min, .max: type != .textarea && type != .boolean
        case .sum, .avg: type == .int || type == .currency
        }
    }

    /// The function's value over `values` (one per row of the group, nulls included).
    func apply(to values: [FieldValue]) -> FieldValue {
        let present = values.filter { !$0.isNull }
        switch self {
        case .count:
            return .number(Double(present.count))
        case .countDistinct:
            return .number(Double(Set(present.map(AggregateGroups.groupKey)).count))
        case .min, .max:
            let wanted = self == .min ? -1 : 1
            return present.reduce(FieldValue.null) { best, value in
                best.isNull || (SOQLEvaluator.order(value, best) ?? 0) * wanted > 0 ? value : best
            }
        case .sum, .avg:
            let numbers = present.compactMap { value -> Double? in
                if case .number(let number) = value { return number }
                return nil
            }
            guard !numbers.isEmpty else { return .null }
            let sum = numbers.reduce(0, +)
            return .number(self == .sum ? sum : sum / Double(numbers.count))
        }
    }
}
