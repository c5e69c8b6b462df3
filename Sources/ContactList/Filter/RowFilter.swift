/// The incremental filter of the loaded rows.
///
/// It keeps the indices (into `dataRows`) of the rows that match, in order, so that
/// drawing reads only the visible slice. The match sets of the queries typed before are
/// kept too (a few of them): a query that contains one of them narrows its set instead
/// of scanning every row (a typed character), and a query typed before takes its set back
/// (Backspace). Deletes, insertions and new pages update every kept set, so none goes stale.
public struct RowFilter: Hashable, Sendable {
    /// A query and the rows it matches.
    struct Stage: Hashable, Sendable {
        var query: SearchQuery
        /// Indices of matching rows in `dataRows`, ascending.
        var matches: [Int]
    }

    /// How many earlier match sets are kept.
    static let keptStages = 16

    private var current: Stage
    /// Earlier stages, the most recent last.
    private var earlier: [Stage] = []

    /// The query as typed.
    public var query: String { current.query.text }
    /// Indices of matching rows in `dataRows`, ascending.
    public var matches: [Int] { current.matches }

    public init(query: String = "") {
        current = Stage(query: SearchQuery(query), matches: [])
    }

    /// Whether a record matches the query in any of the columns: the reference the
    /// index's byte search must agree with.
    func matches(_ record: ContactRecord, columns: [Column]) -> Bool {
        let folded = current.query.folded
        guard !folded.isEmpty else { return true }
        return record.values.contains { SearchText.matches($0, foldedQuery: folded) }
    }

    /// Changes the query and recomputes the matches, from a kept set where one helps.
    mutating func setQuery(_ newQuery: String, index: SearchIndex) {
        guard newQuery != query else { return }
        let next = SearchQuery(newQuery)
        if !current.query.bytes.isEmpty { earlier.append(current) }
        if let same = earlier.lastIndex(where: { $0.query.text == newQuery }) {
            current = earlier.remove(at: same)
        } else if next.bytes.isEmpty {
            current = Stage(query: next, matches: Array(0..<index.count))
        } else if let base = earlier.filter({ next.implies($0.query) }).min(by: { $0.matches.count < $1.matches.count })
        {
            // The smallest kept set that holds every match of the new query.
            current = Stage(query: next, matches: index.rows(matching: next, among: base.matches))
        } else {
            current = Stage(query: next, matches: index.rows(matching: next, among: 0..<index.count))
        }
        if earlier.count > Self.keptStages { earlier.removeFirst(earlier.count - Self.keptStages) }
    }

    /// Matches every row again (after a refresh replaced them); earlier sets are dropped.
    mutating func rebuild(index: SearchIndex) {
        earlier.removeAll()
        current.matches = index.rows(matching: current.query, among: 0..<index.count)
    }

    /// Rows were appended at `start...`.
    mutating func appended(from start: Int, index: SearchIndex) {
        current.append(from: start, index: index)
        for stage in earlier.indices { earlier[stage].append(from: start, index: index) }
    }

    /// The row at `row` was removed from `dataRows`.
    mutating func removed(at row: Int) {
        current.removed(at: row)
        for stage in earlier.indices { earlier[stage].removed(at: row) }
    }

    /// A row was inserted at `row` of `dataRows`.
    mutating func inserted(at row: Int, index: SearchIndex) {
        current.inserted(at: row, index: index)
        for stage in earlier.indices { earlier[stage].inserted(at: row, index: index) }
    }

    /// The row at `row` of `dataRows` changed its text (an edit): it joins or leaves each set.
    mutating func replaced(at row: Int, index: SearchIndex) {
        current.replaced(at: row, index: index)
        for stage in earlier.indices { earlier[stage].replaced(at: row, index: index) }
    }

    /// The position in `matches` of the first index not below `row`.
    func lowerBound(_ row: Int) -> Int {
        current.lowerBound(row)
    }
}

extension RowFilter.Stage {
    mutating func append(from start: Int, index: SearchIndex) {
        matches += index.rows(matching: query, among: start..<index.count)
    }

    mutating func removed(at row: Int) {
        let position = lowerBound(row)
        if position < matches.count, matches[position] == row { matches.remove(at: position) }
        for i in position..<matches.count { matches[i] -= 1 }
    }

    mutating func inserted(at row: Int, index: SearchIndex) {
        let position = lowerBound(row)
        for i in position..<matches.count { matches[i] += 1 }
        if index.matches(row: row, query: query) { matches.insert(row, at: position) }
    }

    mutating func replaced(at row: Int, index: SearchIndex) {
        let position = lowerBound(row)
        let wasMatch = position < matches.count && matches[position] == row
        switch (wasMatch, index.matches(row: row, query: query)) {
        case (true, false): matches.remove(at: position)
        case (false, true): matches.insert(row, at: position)
        default: break
        }
    }

    func lowerBound(_ row: Int) -> Int {
        var low = 0
        var high = matches.count
        while low < high {
            let middle = (low + high) / 2
            if matches[middle] < row { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
