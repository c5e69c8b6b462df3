import JSONKit
import NIOCore

/// SOQL queries, query cursors and page rendering.
extension OrgStore {
    /// Runs a query and returns its first page as the JSON body of a query response.
    func query(
        _ soql: String, includeDeleted: Bool, batchSize: Int, apiVersion: String, now: Int64
    ) throws(APIError) -> ByteBuffer {
        let query: SOQLQuery
        do {
            query = try statements.query(soql, now: now)
        } catch {
            throw APIError(error)
        }
        return try state.withLock { (state: inout State) throws(APIError) -> ByteBuffer in
            if includeDeleted { Self.purgeExpired(&state, now: now, ttl: recycleBinTTL) }
            let budget = try QueryBudget(queryTimeout, stopping: stopping)
            if case .aggregate(let columns) = query.selection {
                return try Self.aggregatePage(
                    query, columns: columns, includeDeleted: includeDeleted, budget: budget, state: &state)
            }
            let rows = try Self.select(query, includeDeleted: includeDeleted, budget: budget, state: &state)
            if case .count = query.selection {
                return Self.renderPage(
                    query: query, rows: rows, from: 0, count: 0, locator: nil, apiVersion: apiVersion, state: &state)
            }
            let pageCount = min(batchSize, rows.count)
            var locator: String?
            if pageCount < rows.count {
                locator = Self.openCursor(
                    QueryCursor(query: query, rows: rows, batchSize: batchSize, lastUsed: .now), state: &state)
            }
            return Self.renderPage(
                query: query, rows: rows, from: 0, count: pageCount, locator: locator, apiVersion: apiVersion,
                state: &state)
        }
    }

    /// The page of an open cursor starting after `offset` delivered rows; `batchSize` nil keeps the query's.
    func nextPage(locator: String, offset: Int, batchSize: Int?, apiVersion: String) throws(APIError) -> ByteBuffer {
        try state.withLock { (state: inout State) throws(APIError) -> ByteBuffer in
            Self.expireCursors(state: &state)
            let now = ContinuousClock.now
            guard var cursor = state.cursors[locator], now - cursor.lastUsed < state.cursorLifetime, offset >= 0,
                offset < cursor.rows.count
            else {
                throw APIError.invalidQueryLocator
            }
            cursor.lastUsed = now
            state.cursors[locator] = cursor
            let count = min(batchSize ?? cursor.batchSize, cursor.rows.count - offset)
            let more = offset + count < cursor.rows.count
            return Self.renderPage(
                query: cursor.query, rows: cursor.rows, from: offset, count: count, locator: more ? locator : nil,
                apiVersion: apiVersion, state: &state)
        }
    }

    // MARK: - Selecting rows

    /// The rows a query selects, in order, after OFFSET and LIMIT.
    static func select(
        _ query: SOQLQuery, includeDeleted: Bool, budget: QueryBudget, state: inout State
    ) throws(APIError) -> [Int32] {
        let skip = query.offset ?? 0
        let wanted = query.limit.map { $0 + skip } ?? Int.max
        var rows: [Int32]
        if query.filter == nil && query.limit == nil {
            // Every live row in order, reused until a write changes the set or the order.
            rows = try unfilteredRows(query, includeDeleted: includeDeleted, budget: budget, state: &state)
        } else {
            // A LIMIT stops the scan early, so it costs no more than the rows it keeps.
            rows = try scan(query, includeDeleted: includeDeleted, wanted: wanted, budget: budget, state: &state)
        }
        if skip > 0 { rows.removeFirst(min(skip, rows.count)) }
        return rows
    }

    /// Evaluates the WHERE clause (and `extra`, a search's terms) row by row in ORDER BY order,
    /// stopping once `wanted` rows matched; when `candidates` is given, only the rows it returns
    /// for a range (in row order: the rows a search's bits let through). `budget` ends a scan that
    /// runs too long or while the org stops; nil scans to the end (tests).
    static func scan(
        _ query: SOQLQuery, includeDeleted: Bool, wanted: Int, among candidates: ((Range<Int>) -> [Int32])? = nil,
        alsoMatching extra: ((Int) -> Bool)? = nil, budget: QueryBudget? = nil, state: inout State
    ) throws(APIError) -> [Int32] {
        let tables = state.tables
        let object = query.object
        var matches: ((Int) -> Bool)?
        if let filter = query.filter {
            matches = try RowPredicate.make(
                filter, object: object, tables: tables, columns: &state.textColumns, budget: budget)
        }
        var rows = [Int32]()
        /// Keeps `row` if it qualifies; false once `wanted` rows are kept (at once for LIMIT 0).
        func consider(_ row: Int) throws(APIError) -> Bool {
            guard rows.count < wanted else { return false }
            try budget?.step()
            if tables.isDeleted(object, row: row) && (!includeDeleted || tables.isPurged(object, row: row)) {
                return true
            }
            if let matches, !matches(row) { return true }
            if let extra, !extra(row) { return true }
            rows.append(Int32(row))
            return true
        }
        let count = tables.rowCount(of: object)
        if query.ordering.isEmpty {
            if let candidates {
                blocks: for start in stride(from: 0, to: count, by: Self.candidateBlock) {
                    for row in candidates(start..<min(start + Self.candidateBlock, count)) {
                        if try !consider(Int(row)) { break blocks }
                    }
                }
            } else {
                for row in 0..<count {
                    if try !consider(row) { break }
                }
            }
        } else {
            try budget?.check()
            let order = sortedRows(object: object, ordering: query.ordering, state: &state)
            var isCandidate: [Bool]?
            if let candidates {
                var marks = [Bool](repeating: false, count: count)
                for row in candidates(0..<count) { marks[Int(row)] = true }
                isCandidate = marks
            }
            for row in order where isCandidate?[Int(row)] ?? true {
                if try !consider(Int(row)) { break }
            }
        }
        return rows
    }

    /// Rows a scan asks its candidates for at a time.
    static let candidateBlock = 16_384

    /// All (live, unless `includeDeleted`) rows in ORDER BY order, cached per order until the next write.
    private static func unfilteredRows(
        _ query: SOQLQuery, includeDeleted: Bool, budget: QueryBudget, state: inout State
    ) throws(APIError) -> [Int32] {
        let stamp = state.tables.writeGeneration
        if state.unfilteredGeneration != stamp {
            state.unfilteredCache.removeAll()
            state.unfilteredGeneration = stamp
        }
        let key = orderKey(query.object, query.ordering) + "|" + String(includeDeleted)
        if let cached = state.unfilteredCache[key] { return cached }
        let rows = try scan(query, includeDeleted: includeDeleted, wanted: Int.max, budget: budget, state: &state)
        if state.unfilteredCache.count >= maxCachedOrders { state.unfilteredCache.removeAll() }
        state.unfilteredCache[key] = rows
        return rows
    }

    private static func orderKey(_ object: SObjectType, _ ordering: [SOQLOrdering]) -> String {
        object.name + "|"
            + ordering.map { "\($0.path.canonicalName) \($0.descending) \($0.nullsFirst)" }.joined(separator: ",")
    }

    /// All rows of `object` in ORDER BY order, from the cache when no create or update happened since.
    static func sortedRows(object: SObjectType, ordering: [SOQLOrdering], state: inout State) -> [Int32] {
        if state.cachedSortGeneration != state.tables.sortGeneration {
            state.sortCache.removeAll()
            state.cachedSortGeneration = state.tables.sortGeneration
        }
        let key = orderKey(object, ordering)
        if let cached = state.sortCache[key] { return cached }
        let tables = state.tables
        let count = tables.rowCount(of: object)
        let ranks = ordering.map { SortRanks.ranks(of: $0, rows: count, tables: tables) }
        var order: [Int32]
        if ranks.count == 1 {
            order = SortRanks.countingSort(ranks[0])
        } else {
            order = (0..<count).map { Int32($0) }
            order.sort { a, b in
                for column in ranks where column[Int(a)] != column[Int(b)] {
                    return column[Int(a)] < column[Int(b)]
                }
                return a < b
            }
        }
        if state.sortCache.count >= maxCachedOrders { state.sortCache.removeAll() }
        state.sortCache[key] = order
        return order
    }

    // MARK: - Cursors

    private static func openCursor(_ cursor: QueryCursor, state: inout State) -> String {
        expireCursors(state: &state)
        if state.cursors.count >= maxCursors,
            let oldest = state.cursors.min(by: { $0.value.lastUsed < $1.value.lastUsed })?.key
        {
            state.cursors[oldest] = nil
        }
        let locator = SalesforceID.make(keyPrefix: "01g", serial: state.nextCursorSerial)
        state.nextCursorSerial += 1
        state.cursors[locator] = cursor
        return locator
    }

    /// Forgets cursors unused for `cursorLifetime`; looks at most once a second, not on every page.
    private static func expireCursors(state: inout State) {
        let now = ContinuousClock.now
        guard now - state.lastCursorExpiry >= .seconds(1) else { return }
        state.lastCursorExpiry = now
        let deadline = now - state.cursorLifetime
        state.cursors = state.cursors.filter { $0.value.lastUsed > deadline }
    }

    // MARK: - Rendering

    /// The body of a query response: the page's records are copied from their kept text straight
    /// into the response's buffer.
    private static func renderPage(
        query: SOQLQuery, rows: [Int32], from start: Int, count: Int, locator: String?, apiVersion: String,
        state: inout State
    ) -> ByteBuffer {
        var head = JSONWriter()
        head.beginObject()
        head.pair("totalSize", rows.count)
        head.pair("done", locator == nil)
        if let locator {
            head.pair(
                "nextRecordsUrl", "/services/data/" + apiVersion + "/query/" + locator + "-" + String(start + count))
        }
        head.key("records")
        var body = ByteBuffer()
        body.reserveCapacity(head.bytes.count + 4 + count * 256)
        body.writeBytes(head.bytes)
        body.writeInteger(UInt8(ascii: "["))
        if case .fields(let paths) = query.selection, count > 0 {
            if query.children.isEmpty {
                let shape = state.fragments.shape(of: query.object, paths: paths, apiVersion: apiVersion)
                shape.appendRecords(rows[start..<(start + count)], tables: state.tables, to: &body)
            } else {
                body.writeBytes(
                    recordsWithChildren(
                        query, paths: paths, rows: rows[start..<(start + count)], apiVersion: apiVersion,
                        state: &state))
            }
        }
        body.writeBytes("]}".utf8)
        return body
    }
}
