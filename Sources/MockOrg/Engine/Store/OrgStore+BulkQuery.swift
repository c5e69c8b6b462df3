import Foundation

/// What a Bulk API 2.0 query job asks of the store: the statement checked against what bulk can
/// run, the rows it selects (row numbers only), and its CSV's header
/// and lines, written a slice of rows at a time into the job's result file (`BulkResultFile`).
extension OrgStore {
    /// The statement resolved, or Salesforce's refusal of SOQL that Bulk API 2.0 does not run
    /// (GROUP BY, OFFSET, aggregate functions such as COUNT(), compound address fields).
    func bulkQuery(_ soql: String, now: Int64) throws(APIError) -> SOQLQuery {
        let query: SOQLQuery
        do {
            query = try statements.query(soql, now: now)
        } catch {
            throw APIError(error)
        }
        switch query.selection {
        case .count, .aggregate:
            throw Self.bulkRefusal("Aggregate queries are not supported in Bulk API 2.0 query jobs")
        case .fields(let paths):
            if !query.grouping.isEmpty {
                throw Self.bulkRefusal("GROUP BY is not supported in Bulk API 2.0 query jobs")
            }
            if query.offset != nil { throw Self.bulkRefusal("OFFSET is not supported in Bulk API 2.0 query jobs") }
            if paths.contains(where: { $0.field.type == .address }) {
                throw Self.bulkRefusal("FUNCTIONALITY_NOT_ENABLED: Selecting compound data not supported in Bulk Query")
            }
        }
        return query
    }

    private static func bulkRefusal(_ message: String) -> APIError {
        APIError(status: 400, "API_ERROR", message)
    }

    /// The rows `query` selects, in order, under the lock and the query budget.
    func bulkRows(_ query: SOQLQuery, includeDeleted: Bool) throws(APIError) -> [Int32] {
        try state.withLock { (state: inout State) throws(APIError) -> [Int32] in
            let budget = try QueryBudget(queryTimeout, stopping: stopping)
            return try Self.select(query, includeDeleted: includeDeleted, budget: budget, state: &state)
        }
    }

    /// The header row of a job's CSV as Salesforce writes it: the field paths (`Account.Name`),
    /// each quoted, then the line ending.
    func bulkCSVHeader(_ query: SOQLQuery, delimiter: UInt8, lineEnding: [UInt8]) -> [UInt8] {
        guard case .fields(let paths) = query.selection else { return [] }
        var bytes: [UInt8] = []
        for (index, path) in paths.enumerated() {
            if index > 0 { bytes.append(delimiter) }
            BulkCSVLines.appendQuoted(path.canonicalName, to: &bytes)
        }
        bytes.append(contentsOf: lineEnding)
        return bytes
    }

    /// The lines of `rows` in a job's CSV as Salesforce writes them, under the lock: every value
    /// quoted (a quote doubled), null as `""`, numbers as the JSON answers write them, date-times
    /// in UTC with `Z`; and where each line ends in its part. From `rowsWrittenInParts` rows on,
    /// the rows are written in `parts` at once, one per core (the tables are only read while the
    /// lock is held): the parts' lines, in order, are the rows'.
    func bulkCSVLines(
        _ query: SOQLQuery, rows: ArraySlice<Int32>, delimiter: UInt8, lineEnding: [UInt8],
        parts: Int = bulkCSVParts
    ) -> [BulkCSVLines] {
        guard case .fields(let paths) = query.selection else { return [] }
        let columns = paths.map { BulkCSVLines.Column($0, of: query.object) }
        let count = rows.count >= Self.rowsWrittenInParts ? max(parts, 1) : 1
        let bounds = (0...count).map { rows.startIndex + rows.count * $0 / count }
        return state.withLock { (state: inout State) in
            // Only read, by every part, while the lock is held: no write can come between.
            nonisolated(unsafe) let tables = state.tables
            var parts = [BulkCSVLines](repeating: BulkCSVLines(), count: count)
            parts.withUnsafeMutableBufferPointer { parts in
                // Each part writes its own element, and all are done before the buffer is handed back.
                nonisolated(unsafe) let parts = parts
                DispatchQueue.concurrentPerform(iterations: count) { part in
                    parts[part] = BulkCSVLines(
                        columns, rows: rows[bounds[part]..<bounds[part + 1]], tables: tables, delimiter: delimiter,
                        lineEnding: lineEnding)
                }
            }
            return parts
        }
    }

    /// Rows from which a slice of a job's CSV is written in parts at once.
    static let rowsWrittenInParts = 2_000
    /// The parts: one per core.
    static let bulkCSVParts = max(1, ProcessInfo.processInfo.activeProcessorCount)
}
