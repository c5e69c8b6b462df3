import RestCore
import SOQL

extension ContactListModel {
    /// The query as it runs now: the user's, ordered by the sorted column once `s` sorted it.
    var queryInUse: String {
        run.sort.flatMap { sortedQuery($0) } ?? query
    }

    /// The order the headings show: the one `s` chose, else the query's own top-level ORDER BY
    /// when it leads with a visible column.
    public var shownSort: ColumnSort? {
        run.sort ?? run.querySort
    }

    /// The query's own order as a `ColumnSort`: its ORDER BY's first field, when a column shows it.
    static func querySort(of query: String, columns: [Column]) -> ColumnSort? {
        guard let order = SOQLOrderRewriter.leadingOrder(of: query) else { return nil }
        let column = columns.firstIndex { $0.shows(path: order.path) }
        return column.map { ColumnSort(column: $0, descending: order.descending) }
    }

    /// The user's query ordered by `order` alone; nil when its text cannot be rewritten.
    func sortedQuery(_ order: ColumnSort) -> String? {
        guard run.columns.indices.contains(order.column) else { return nil }
        return SOQLOrderRewriter.ordering(query, by: run.columns[order.column].field, descending: order.descending)
    }

    /// `s`: runs the query again ordered by the column under the cursor, so that the order holds
    /// for the whole org; on the sorted column it flips the direction. The rows shown stay until
    /// the first page of the new order arrives, and stay for good when the org refuses it.
    mutating func sortByCursorColumn() -> [ContactListEffect] {
        guard let column = cursorColumn else { return [] }
        if let view = run.resultsView {
            notices.statusMessage =
                "\(view.label) is read through its results, in the view's own order; s cannot sort it."
            return []
        }
        // A sort still awaited is the one to flip; one a refresh dropped is not.
        let current = answersSort(generation: run.generation) ? run.pendingSort?.order : shownSort
        let order = ColumnSort(
            column: viewport.columnCursor,
            descending: current?.column == viewport.columnCursor ? !(current?.descending ?? true) : false)
        guard let text = sortedQuery(order) else {
            notices.statusMessage = "This query cannot be sorted."
            return []
        }
        run.restartedAfterExpiredCursor = false
        let effects = runQueryAgain(merging: false, status: "Sorting by \(column.title)…", text: text)
        run.pendingSort = (order, run.generation)
        return effects
    }

    /// Whether the first page of `run.generation` answers a sort.
    func answersSort(generation: Int) -> Bool {
        run.pendingSort?.generation == generation
    }

    /// The first page of a sort: the new order replaces the rows (pending deletes stay hidden)
    /// and the selection stays on its record when it is loaded, else goes to the top. A refusal
    /// keeps the old order and rows and says why in one sentence.
    mutating func settleSort(_ result: Result<RestResponse, RestClientError>) -> [ContactListEffect] {
        guard let order = run.pendingSort?.order else { return [] }
        run.pendingSort = nil
        if case .failure(let error) = result {
            notices.statusMessage = Self.sortFailureStatus(error, column: run.columns[order.column].title)
            return []
        }
        // An answer that does not decode leaves the rows, and so the order, as they were.
        guard let page = decodePage(result) else { return [] }
        if notices.statusMessage.hasPrefix("Sorting by") { notices.statusMessage = "" }
        let selectedID = selectedRecord?.id
        run.sort = order
        var effects = applyPage(page, replacing: true, restarting: true)
        // The answer's anchor is not applied to a sort (its neighbours mean nothing in the new order).
        viewport.selection = selectedID.flatMap { shownPosition(ofID: $0) } ?? 0
        clampSelection()
        effects += loadMoreIfNeeded()
        return effects
    }

    /// `Cannot sort by Description: field 'Description' can not be sorted in a query call.`
    static func sortFailureStatus(_ error: RestClientError, column: String) -> String {
        var reason = error.description
        if case .apiInvocationFailed(_, _, let errors, _) = error, let message = errors.first?.message {
            // Salesforce's query errors quote the statement first; the reason is the last line.
            let lastLine = message.split(whereSeparator: \.isNewline).last ?? Substring(message)
            reason = String(lastLine.drop(while: \.isWhitespace))
        }
        return "Cannot sort by \(column): \(reason.withoutFinalFullStop)."
    }
}
