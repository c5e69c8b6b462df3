import JSONKit

/// Parent-to-child subqueries: each record of a page lists its children under the relationship.
extension OrgStore {
    /// The records of a page, comma-separated, each with its subqueries' results after its fields:
    /// `"Contacts": {"totalSize": 6, "done": true, "records": […]}`, or null when it has none.
    /// Written record by record (not from the kept texts), since children change with every write.
    static func recordsWithChildren(
        _ query: SOQLQuery, paths: [FieldPath], rows: ArraySlice<Int32>, apiVersion: String, state: inout State
    ) -> [UInt8] {
        let childrenByQuery = query.children.map { children(of: rows, for: $0, state: &state) }
        let childShapes = query.children.map { RecordShape($0.fields) }
        let tables = state.tables
        let shape = RecordShape(paths)
        var writer = JSONWriter(capacity: rows.count * 512)
        writer.beginArray()
        for row in rows {
            shape.write(row: Int(row), of: query.object, apiVersion: apiVersion, tables: tables, into: &writer) {
                writer in
                for ((child, byParent), childShape) in zip(zip(query.children, childrenByQuery), childShapes) {
                    writer.key(child.relationshipName)
                    guard let childRows = byParent[Int(row)], !childRows.isEmpty else {
                        writer.null()
                        continue
                    }
                    writer.beginObject()
                    writer.pair("totalSize", childRows.count)
                    writer.pair("done", true)
                    writer.key("records")
                    writer.beginArray()
                    for childRow in childRows {
                        childShape.write(
                            row: childRow, of: child.object, apiVersion: apiVersion, tables: tables, into: &writer)
                    }
                    writer.endArray()
                    writer.endObject()
                }
            }
        }
        writer.endArray()
        // The page's own brackets are written by the caller.
        return Array(writer.bytes.dropFirst().dropLast())
    }

    /// The live children of each parent row in `parents` that match the subquery, in its order,
    /// at most its LIMIT each.
    private static func children(
        of parents: ArraySlice<Int32>, for child: ChildQuery, state: inout State
    ) -> [Int: [Int]] {
        let tables = state.tables
        let wanted = Set(parents.map(Int.init))
        var matches: ((Int) -> Bool)?
        if let filter = child.filter {
            // Without a budget, making the predicate cannot throw.
            matches = try? RowPredicate.make(
                filter, object: child.object, tables: tables, columns: &state.textColumns, budget: nil)
        }
        var byParent = [Int: [Int]]()
        let ordered =
            child.ordering.isEmpty ? nil : sortedRows(object: child.object, ordering: child.ordering, state: &state)
        let count = tables.rowCount(of: child.object)
        for index in 0..<count {
            let row = ordered.map { Int($0[index]) } ?? index
            guard !tables.isDeleted(child.object, row: row) else { continue }
            guard let parent = child.parentField.parentRow?(tables, row), wanted.contains(parent) else { continue }
            if let matches, !matches(row) { continue }
            if let limit = child.limit, byParent[parent, default: []].count >= limit { continue }
            byParent[parent, default: []].append(row)
        }
        return byParent
    }
}
