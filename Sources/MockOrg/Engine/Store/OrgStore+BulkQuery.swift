import JSONKit
import NIOCore

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
            Self.appendQuoted(path.canonicalName, to: &bytes)
        }
        bytes.append(contentsOf: lineEnding)
        return bytes
    }

    /// The lines of `rows` in a job's CSV as Salesforce writes them, under the lock: every value
    /// quoted (a quote doubled), null as `""`, numbers as the JSON answers write them, date-times
    /// in UTC with `Z`; and where each line ends in the bytes.
    func bulkCSVLines(
        _ query: SOQLQuery, rows: ArraySlice<Int32>, delimiter: UInt8, lineEnding: [UInt8]
    ) -> (bytes: [UInt8], ends: [Int]) {
        guard case .fields(let paths) = query.selection else { return ([], []) }
        var bytes: [UInt8] = []
        var ends: [Int] = []
        bytes.reserveCapacity(rows.count * 24 * paths.count)
        ends.reserveCapacity(rows.count)
        state.withLock { (state: inout State) in
            let tables = state.tables
            for row in rows {
                for (index, path) in paths.enumerated() {
                    if index > 0 { bytes.append(delimiter) }
                    // Text straight from its column, with no FieldValue around it.
                    if let readText = path.field.readText {
                        var source: Int? = Int(row)
                        if let relationship = path.relationship { source = relationship.parentRow?(tables, Int(row)) }
                        Self.appendQuoted(source.flatMap { readText(tables, $0) } ?? "", to: &bytes)
                    } else {
                        Self.appendCSVValue(path.value(in: tables, row: Int(row)), to: &bytes)
                    }
                }
                bytes.append(contentsOf: lineEnding)
                ends.append(bytes.count)
            }
        }
        return (bytes, ends)
    }

    private static func appendCSVValue(_ value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .null, .address: bytes.append(contentsOf: #""""#.utf8)
        case .string(let text): appendQuoted(text, to: &bytes)
        case .number(let number): appendQuoted(JSONNumber.text(number), to: &bytes)
        case .boolean(let flag): appendQuoted(flag ? "true" : "false", to: &bytes)
        case .date(let days): appendQuoted(DateText.date(days: days), to: &bytes)
        case .dateTime(let millis):
            // The REST answers' `+0000` is Bulk API 2.0's `Z`.
            appendQuoted(String(DateText.dateTime(millis: millis).dropLast(5)) + "Z", to: &bytes)
        }
    }

    private static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        bytes.append(quote)
        var text = text
        text.withUTF8 { utf8 in
            // Runs between quotes are copied whole; a quote is doubled.
            var start = 0
            for index in utf8.indices where utf8[index] == quote {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...index]))
                bytes.append(quote)
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        }
        bytes.append(quote)
    }
}
