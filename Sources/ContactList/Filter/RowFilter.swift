/// The incremental filter of the loaded rows.
///
/// It keeps the indices (into `dataRows`) of the rows that match, in order, so
/// that drawing reads only the visible slice. A longer query narrows the previous
/// matches instead of rescanning every row; deletes and insertions shift the
/// indices instead of matching again.
public struct RowFilter: Hashable, Sendable {
    /// The query as typed.
    public private(set) var query: String
    private(set) var foldedQuery: String
    /// Indices of matching rows in `dataRows`, ascending.
    public private(set) var matches: [Int]

    public init(query: String = "") {
        self.query = query
        self.foldedQuery = SearchText.fold(query)
        self.matches = []
    }

    /// Whether a record matches the query in any of the columns.
    func matches(_ record: ContactRecord, columns: [Column]) -> Bool {
        guard !foldedQuery.isEmpty else { return true }
        return record.values.contains { SearchText.matches($0, foldedQuery: foldedQuery) }
    }

    /// Changes the query and recomputes the matches (narrowing when the query grew).
    mutating func setQuery(_ newQuery: String, rows: [ContactRecord], columns: [Column]) {
        let narrowing = !query.isEmpty && newQuery.hasPrefix(query)
        query = newQuery
        foldedQuery = SearchText.fold(newQuery)
        if narrowing {
            matches = matches.filter { matches(rows[$0], columns: columns) }
        } else {
            rebuild(rows: rows, columns: columns)
        }
    }

    /// Matches every row again (after a refresh replaced them).
    mutating func rebuild(rows: [ContactRecord], columns: [Column]) {
        matches = rows.indices.filter { matches(rows[$0], columns: columns) }
    }

    /// Rows were appended at `start...`.
    mutating func appended(rows: [ContactRecord], from start: Int, columns: [Column]) {
        for index in start..<rows.count where matches(rows[index], columns: columns) { matches.append(index) }
    }

    /// The row at `index` was removed from `dataRows`.
    mutating func removed(at index: Int) {
        let position = lowerBound(index)
        if position < matches.count, matches[position] == index { matches.remove(at: position) }
        for i in position..<matches.count { matches[i] -= 1 }
    }

    /// A row was inserted at `index` of `dataRows`.
    mutating func inserted(_ record: ContactRecord, at index: Int, columns: [Column]) {
        let position = lowerBound(index)
        for i in position..<matches.count { matches[i] += 1 }
        if matches(record, columns: columns) { matches.insert(index, at: position) }
    }

    /// The position in `matches` of the first index not below `index`.
    func lowerBound(_ index: Int) -> Int {
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle] < index { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
