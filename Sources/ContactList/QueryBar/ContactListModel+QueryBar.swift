import Foundation
import RestCore

extension ContactListModel {
    // MARK: - The query bar

    /// `:`: opens the query bar on the list's SOQL.
    mutating func openQueryBar() {
        modes.modal = .queryBar(QueryBar(query: query, history: queryHistory))
    }

    /// The query bar, while it is open.
    public var queryBar: QueryBar? {
        if case .queryBar(let bar) = modes.modal { return bar }
        return nil
    }

    /// Keys in the query bar: the filter's line-editing keys, ↑/↓ for the history, Enter runs the
    /// query, Esc leaves everything as it was.
    mutating func handleQueryBar(key: Key) -> [ContactListEffect] {
        guard var bar = queryBar else { return [] }
        switch key {
        case .escape:
            modes.modal = nil
            notices.statusMessage = "The query is unchanged"
            guard let pending = bar.pending else { return [] }
            inFlight[pending] = nil
            return [.cancel(pending)]
        case .enter:
            return runQuery(in: &bar)
        case .up: bar.older()
        case .down: bar.newer()
        case .paste(let text): bar.field.insertPasted(text)
        default: bar.field.apply(key)
        }
        modes.modal = .queryBar(bar)
        return []
    }

    /// Sends the first page of the bar's query; the rows shown stay until it answers.
    private mutating func runQuery(in bar: inout QueryBar) -> [ContactListEffect] {
        let typed = bar.field.text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !typed.isEmpty, !bar.isRunning else {
            modes.modal = .queryBar(bar)
            return []
        }
        let soql = Self.expandedQuery(typed)
        var effects: [ContactListEffect] = [.rememberQuery(soql)]
        queryHistory.removeAll { $0 == soql }
        queryHistory.insert(soql, at: 0)
        if let earlier = bar.pending {
            inFlight[earlier] = nil
            effects.append(.cancel(earlier))
        }
        let request = requests.request(forQuery: soql, apiVersion: nil, batchSize: batchSize)
        inFlight[request.id] = .switchQuery(text: soql)
        bar.pending = request.id
        bar.error = nil
        modes.modal = .queryBar(bar)
        notices.statusMessage = "Running the query…"
        return effects + [.send(request)]
    }

    /// A bare object name (`Account`) asks for its records by name.
    static func expandedQuery(_ typed: String) -> String {
        let isName =
            typed.first.map { $0.isLetter && $0.isASCII } == true
            && typed.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
        return isName ? "SELECT Id, Name FROM \(typed)" : typed
    }

    /// The answer to the bar's query: its rows replace the list's, or the org's refusal shows in
    /// the bar with a caret under the place it names, and the rows stay.
    mutating func applyQueryAnswer(
        _ result: Result<RestResponse, RestClientError>, text: String, requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard var bar = queryBar, bar.pending == requestID else { return [] }
        bar.pending = nil
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
            try QueryPageLimit.check(recordCount: page.records.count, pageSize: batchSize)
        } catch {
            let first = error.salesforceErrors.first
            bar.error = QueryError(code: first?.errorCode, message: first?.message ?? error.description)
            modes.modal = .queryBar(bar)
            notices.statusMessage = "The org refused the query; the rows stay (Esc leaves the bar)"
            return []
        }
        return adoptQuery(text, firstPage: page)
    }

    /// Makes `text` the list's query, with `page` its first page: the rows, the filter, the org
    /// search, the sort and the marks of the old query go; every pending change stays and settles.
    private mutating func adoptQuery(_ text: String, firstPage page: QueryResult) -> [ContactListEffect] {
        let effects = endOrgSearch()
        let droppedMarks = viewport.marks.count
        var next = QueryRun(query: text, batchSize: batchSize)
        next.generation = run.generation + 1
        run = next
        rows = LoadedRows(columnCount: run.columns.count)
        viewport = Viewport(visibleRowCount: viewport.visibleRowCount, isTerminalTooSmall: isTerminalTooSmall)
        modes.isEditingFilter = false
        modes.filterField = TextField()
        modes.modal = nil
        modes.mode = .list
        // Pages of the old query that are still in flight are dropped.
        inFlight = inFlight.filter {
            switch $0.value {
            case .firstPage, .nextPage: return false
            default: return true
            }
        }
        notices.statusMessage = "Loading…"
        let loaded = applyPage(page, replacing: true, restarting: true)
        if droppedMarks > 0, notices.statusMessage.isEmpty {
            notices.statusMessage = "The \(droppedMarks) marks of the previous list were cleared"
        }
        return effects + loaded
    }
}
