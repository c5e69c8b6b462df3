import JSONKit
import NIOCore

/// Aggregate queries (`COUNT(Id)`, `MAX(LastName)`, GROUP BY): one page of `AggregateResult`
/// records, as Salesforce answers them (aggregate queries have no next page).
extension OrgStore {
    /// The page of an aggregate query; LIMIT and OFFSET count groups, not rows.
    static func aggregatePage(
        _ query: SOQLQuery, columns: [AggregateColumn], includeDeleted: Bool, budget: QueryBudget, state: inout State
    ) throws(APIError) -> ByteBuffer {
        let rows = try scan(query, includeDeleted: includeDeleted, wanted: .max, budget: budget, state: &state)
        let records = AggregateGroups.records(
            columns: columns, grouping: query.grouping, rows: rows, tables: state.tables
        )
        .dropFirst(query.offset ?? 0)
        .prefix(query.limit ?? .max)
        var writer = JSONWriter(capacity: 256 + records.count * 64)
        writer.beginObject()
        writer.pair("totalSize", records.count)
        writer.pair("done", true)
        writer.key("records")
        writer.beginArray()
        for record in records {
            writer.beginObject()
            writer.key("attributes")
            writer.beginObject()
            writer.pair("type", "AggregateResult")
            writer.endObject()
            for (column, value) in zip(columns, record) {
                writer.key(column.key)
                writer.value(value)
            }
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return ByteBuffer(bytes: writer.bytes)
    }
}
