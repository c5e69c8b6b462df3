import SOQL

/// The records of an aggregate query: the selected rows grouped by the GROUP BY fields, one
/// record per group in the order its first row comes (the ORDER BY order when there is one).
enum AggregateGroups {
    /// The value a group is keyed by: text ignoring case, as Salesforce groups `Smith` with `SMITH`.
    static func groupKey(_ value: FieldValue) -> FieldValue {
        guard case .string(let text) = value else { return value }
        return .string(SOQLTextOrder.upperCased(text))
    }

    /// Each group's values, in `columns` order. Without GROUP BY there is one group, even of no rows.
    static func records(
        columns: [AggregateColumn], grouping: [FieldPath], rows: [Int32], tables: OrgTables
    ) -> [[FieldValue]] {
        var groups: [[Int32]] = []
        if grouping.isEmpty {
            groups = [rows]
        } else {
            var groupOfKey: [[FieldValue]: Int] = [:]
            for row in rows {
                let key = grouping.map { groupKey($0.value(in: tables, row: Int(row))) }
                if let group = groupOfKey[key] {
                    groups[group].append(row)
                } else {
                    groupOfKey[key] = groups.count
                    groups.append([row])
                }
            }
        }
        return groups.map { group in
            columns.map { column in
                switch column.value {
                case .group(let path):
                    // The first row's spelling stands for the group.
                    return group.first.map { path.value(in: tables, row: Int($0)) } ?? .null
                case .function(let function, let path):
                    return function.apply(to: group.map { path.value(in: tables, row: Int($0)) })
                }
            }
        }
    }
}
