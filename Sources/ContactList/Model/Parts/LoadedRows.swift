/// The rows the list holds: the loaded records in display order, and everything kept row for row
/// with them (their ids, the filter's search index and matches, the org search's rows, each
/// record's place in the query's order, the column widths).
///
/// Invariant: every record appears at most once (`ids` is exactly the ids of `records`), the
/// search index and the filter's matches always describe `records` as they are, and the org
/// search's rows are the last `orgSearch.rowCount` of them. Rows change only through
/// `append(_:)`, `insert(_:at:)`, `remove(at:)`, `replace(at:with:)` and `removeAll()`, which keep
/// all of it true together.
public struct LoadedRows: Sendable {
    /// The loaded records, in display order (without rows whose delete is pending).
    public private(set) var records: [ContactRecord] = []
    /// Every record id the list knows: whether its row is loaded (`records` are exactly the
    /// loaded ones, so a record is never shown twice) and its place in the query's order, as the
    /// latest load listed it.
    private(set) var recordIDs = RecordIDTable()
    /// The rows' text folded for the filter, row for row with `records`.
    private(set) var searchIndex: SearchIndex
    /// The filter of the rows; nil when none is set. Its matches are indices into `records`.
    public private(set) var filter: RowFilter?
    /// The org search of the filter's text and the rows it added (`ContactListModel+Search`).
    public internal(set) var orgSearch = OrgSearch()
    var nextQueryOrder = 0
    /// Ids of the rows put back after a failed delete: they lead `records`, in query order.
    var reinstatedIDs: Set<String> = []
    /// The widest loaded value of each column, in cells, up to `ColumnLayout.measuredCap`:
    /// what the list's column widths follow, so they change with new pages, never while scrolling.
    public private(set) var contentWidths: [Int]

    init(columnCount: Int) {
        searchIndex = SearchIndex(stride: columnCount)
        contentWidths = Array(repeating: 0, count: columnCount)
    }

    /// Whether a record with `id` is loaded.
    func contains(_ id: String) -> Bool { recordIDs.isLoaded(id) }

    /// The place of the record with `id` in the query's order, as the latest load listed it.
    func queryOrder(of id: String) -> Int? { recordIDs.order(of: id) }

    /// Gives the record with `id` a place in the query's order (nil: none).
    mutating func setQueryOrder(_ order: Int?, of id: String) { recordIDs.setOrder(order, of: id) }

    // MARK: - Changing the rows

    /// Appends a record not loaded yet, measuring its values for the column widths; false (and
    /// nothing changes) when it is loaded already. The filter learns of it through `updateFilter`.
    @discardableResult
    mutating func append(_ record: ContactRecord) -> Bool {
        guard recordIDs.load(RecordIDKey(record.id)) else { return false }
        records.append(record)
        searchIndex.append(record)
        measure(record)
        return true
    }

    /// Appends a record the replica kept ready, `key` its id's, unless it is loaded already
    /// (then false). Its folded text is copied from row `foldedRow` of `folded` when given, else
    /// folded here (with the text `measured` kept folded); its widths are `measured`'s when
    /// given, else the caller widens the columns for a whole chunk at once (`widen(to:)`).
    @discardableResult
    mutating func append(
        kept record: ContactRecord, key: RecordIDKey, foldedRow: Int, of folded: SearchIndex?,
        measured: (widths: ReadyRow.Widths, folded: [String?]?)?
    ) -> Bool {
        guard recordIDs.load(key) else { return false }
        take(kept: record, foldedRow: foldedRow, of: folded, measured: measured)
        return true
    }

    /// Places and loads a row a start shows from the replica, `key` its id's, with one lookup of
    /// its id (a start takes 100,000): at `order` in the query's order, unless its record is
    /// loaded already, or has a place already and `keepsPlace` (then false, and nothing changes).
    /// `record` is made only when the row is taken.
    mutating func append(
        kept record: () -> ContactRecord, key: RecordIDKey, order: Int, keepsPlace: Bool, foldedRow: Int,
        of folded: SearchIndex?
    ) -> Bool {
        let placed = recordIDs.update(key) { entry in
            guard !entry.isLoaded, !keepsPlace || entry.order == nil else { return false }
            entry.order = order
            entry.isLoaded = true
            return true
        }
        guard placed else { return false }
        take(kept: record(), foldedRow: foldedRow, of: folded, measured: nil)
        return true
    }

    /// Adds a record loaded already to the rows, its folded text and widths as `append(kept:)`
    /// says.
    private mutating func take(
        kept record: ContactRecord, foldedRow: Int, of folded: SearchIndex?,
        measured: (widths: ReadyRow.Widths, folded: [String?]?)?
    ) {
        if let folded, folded.stride == searchIndex.stride {
            searchIndex.append(row: foldedRow, of: folded)
        } else {
            searchIndex.append(record, folded: measured?.folded)
        }
        if let widths = measured?.widths {
            for column in contentWidths.indices where column < widths.count {
                contentWidths[column] = max(contentWidths[column], Int(widths[column]))
            }
        }
        records.append(record)
    }

    /// Widens the columns to the widest values of rows appended without being measured.
    mutating func widen(to widths: [Int]) {
        for column in contentWidths.indices where column < widths.count {
            contentWidths[column] = max(contentWidths[column], widths[column])
        }
    }

    /// Makes room for `count` more rows, so that a start's 100,000 rows from the replica are
    /// added without the tables growing again and again. Room grows at least twofold: a start
    /// adds its rows a chunk at a time, and making room for each chunk exactly would rehash the
    /// tables once a chunk.
    mutating func reserveCapacity(adding count: Int, bytesPerRow: Int = 0) {
        if bytesPerRow > 0 { searchIndex.reserveCapacity(adding: count, bytesPerRow: bytesPerRow) }
        let needed = max(records.count, recordIDs.count) + count
        guard needed > recordIDs.capacity else { return }
        let room = max(needed, 2 * recordIDs.capacity)
        records.reserveCapacity(room)
        recordIDs.reserveCapacity(room)
    }

    /// Inserts a record not loaded yet at `index`, with the filter's matches following.
    mutating func insert(_ record: ContactRecord, at index: Int) {
        guard recordIDs.load(RecordIDKey(record.id)) else { return }
        records.insert(record, at: index)
        searchIndex.insert(record, at: index)
        updateFilter { $0.inserted(at: index, index: $1) }
    }

    /// Removes the row at `index`, with its id, index entry, match and org-search count.
    @discardableResult
    mutating func remove(at index: Int) -> ContactRecord {
        if index >= orgRowsStart { orgSearch.rowCount -= 1 }
        let record = records.remove(at: index)
        recordIDs.unload(record.id)
        reinstatedIDs.remove(record.id)
        searchIndex.remove(at: index)
        filter?.removed(at: index)
        return record
    }

    /// Replaces the row at `index` by the same record with other values.
    mutating func replace(at index: Int, with record: ContactRecord) {
        precondition(record.id == records[index].id, "a row is replaced only by its own record")
        records[index] = record
        searchIndex.replace(at: index, with: record)
        updateFilter { $0.replaced(at: index, index: $1) }
        measure(record)
    }

    /// Forgets every row (the first page of a load replaces them); the filter's text stays.
    mutating func removeAll() {
        records.removeAll(keepingCapacity: true)
        recordIDs.unloadAll()
        searchIndex.removeAll()
        contentWidths = contentWidths.map { _ in 0 }
        reinstatedIDs.removeAll()
        orgSearch.rowCount = 0
    }

    /// Sets a filter that matches every row, unless one is set.
    mutating func startFilter() {
        guard filter == nil else { return }
        filter = RowFilter()
        updateFilter { $0.rebuild(index: $1) }
    }

    /// Filters the rows by `text`, starting a filter if none is set.
    mutating func filter(by text: String) {
        startFilter()
        updateFilter { $0.setQuery(text, index: $1) }
    }

    /// Shows every row again.
    mutating func endFilter() {
        filter = nil
    }

    /// Changes the filter with the search index at hand (the filter is moved out meanwhile, so
    /// its matches are not copied).
    mutating func updateFilter(_ change: (inout RowFilter, SearchIndex) -> Void) {
        guard var current = filter else { return }
        filter = nil
        change(&current, searchIndex)
        filter = current
    }

    private mutating func measure(_ record: ContactRecord) {
        for column in contentWidths.indices {
            contentWidths[column] = max(contentWidths[column], ColumnLayout.measure(record.value(at: column)))
        }
    }

    // MARK: - What is shown

    /// The index in `records` of the first row the org search added.
    var orgRowsStart: Int { records.count - orgSearch.rowCount }

    /// Whether the list shows the divider above the org search's rows (it takes one line).
    public var hasOrgDivider: Bool { filter != nil && orgSearch.rowCount > 0 }

    /// The shown rows before the divider: the loaded rows the filter matches.
    public var localMatchCount: Int {
        guard let filter else { return records.count }
        return orgSearch.rowCount == 0 ? filter.matches.count : filter.lowerBound(orgRowsStart)
    }

    /// The number of rows shown: all loaded rows, or those the filter matches and then the
    /// rows the org search found.
    public var shownCount: Int { filter == nil ? records.count : localMatchCount + orgSearch.rowCount }

    /// The index in `records` of a shown position.
    public func dataIndex(ofShown position: Int) -> Int {
        guard let filter else { return position }
        let local = localMatchCount
        return position < local ? filter.matches[position] : orgRowsStart + position - local
    }

    /// The record at a shown position.
    public func shownRecord(at position: Int) -> ContactRecord {
        records[dataIndex(ofShown: position)]
    }
}
