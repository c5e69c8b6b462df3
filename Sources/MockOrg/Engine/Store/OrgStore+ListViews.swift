import JSONKit

/// The rows of a list view's results: its query run from `offset`, at most `limit` records, each
/// field as the text the results resource shows.
extension OrgStore {
    /// The page of `view` from `offset`: each record's values in the order of its select list
    /// (nil for an empty field), and whether records follow the page.
    func listViewRows(
        _ view: ListView, offset: Int, limit: Int, now: Int64
    ) throws(APIError) -> (rows: [[String?]], more: Bool) {
        let query: SOQLQuery
        do {
            query = try statements.query(view.query, now: now)
        } catch {
            throw APIError(error)
        }
        guard case .fields(let paths) = query.selection else { return ([], false) }
        return try state.withLock { (state: inout State) throws(APIError) -> ([[String?]], Bool) in
            let budget = try QueryBudget(queryTimeout, stopping: stopping)
            let cap = query.limit ?? Int.max
            let wanted = min(cap, offset + limit + 1)
            let rows = try Self.scan(query, includeDeleted: false, wanted: wanted, budget: budget, state: &state)
            let tables = state.tables
            let page = rows.dropFirst(offset).prefix(limit)
            let values = page.map { row in paths.map { Self.listViewText($0.value(in: tables, row: Int(row))) } }
            return (values, rows.count > offset + limit)
        }
    }

    /// A value as the results resource writes it: always text, dates as Salesforce writes them.
    static func listViewText(_ value: FieldValue) -> String? {
        switch value {
        case .null, .address: nil
        case .string(let text): text
        case .number(let number): JSONNumber.text(number)
        case .boolean(let flag): flag ? "true" : "false"
        case .date(let days): DateText.date(days: days)
        case .dateTime(let millis): DateText.dateTime(millis: millis)
        }
    }
}
