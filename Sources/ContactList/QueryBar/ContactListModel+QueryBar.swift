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
        case .tab:
            let effects = completeObjectName(in: &bar)
            modes.modal = .queryBar(bar)
            return effects
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
        let effects: [ContactListEffect] = [.rememberQuery(typed)]
        queryHistory.removeAll { $0 == typed }
        queryHistory.insert(typed, at: 0)
        bar.view = nil
        if Self.isObjectName(typed) { return effects + openObject(typed, in: &bar) }
        return effects + switchQuery(to: typed, in: &bar)
    }

    /// Switches the list to `soql` through the bar's switch: the object's describe first when
    /// its records may take children with them, then the first page.
    mutating func switchQuery(to soql: String, in bar: inout QueryBar) -> [ContactListEffect] {
        let object = SOSLText.object(ofQuery: soql)
        if Column.rowsAreRecords(ofQuery: soql), cascadingRelationships(of: object) == nil {
            // First the object's describe: the page then counts what each delete takes with it.
            let describe = requests.requestForDescribe(withObjectType: object, apiVersion: nil)
            inFlight[describe.id] = .describe(objectType: object)
            return bar.sending(
                describe, awaitingDescribeOf: soql, in: &self, status: "Reading the fields of \(object)…")
        }
        return sendBarQuery(soql, in: &bar)
    }

    /// Sends the first page of the bar's query, counting its records' cascading children.
    private mutating func sendBarQuery(_ soql: String, in bar: inout QueryBar) -> [ContactListEffect] {
        let relationships = cascadingRelationships(of: SOSLText.object(ofQuery: soql))
        bar.countedRelationships = relationships
        let counted =
            Column.rowsAreRecords(ofQuery: soql)
            ? Self.counting(relationships ?? [], in: pageQuery(soql, replicated: keepsRows)) : soql
        let request = requests.request(forQuery: counted, apiVersion: nil, batchSize: batchSize)
        inFlight[request.id] = .switchQuery(text: soql)
        return bar.sending(request, awaitingDescribeOf: nil, in: &self, status: "Running the query…")
    }

    /// The describe the bar's query waited for arrived (or failed): its first page goes now.
    mutating func continueBarQuery(afterDescribe requestID: RestRequestID) -> [ContactListEffect] {
        guard var bar = switchingBar, bar.pending == requestID, let soql = bar.awaitingDescribe else { return [] }
        return sendBarQuery(soql, in: &bar)
    }

    /// Whether the bar holds a bare object name (`Account`) rather than a query.
    static func isObjectName(_ typed: String) -> Bool {
        typed.first.map { $0.isLetter && $0.isASCII } == true
            && typed.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
    }

    /// The answer to the bar's query: its rows replace the list's, or the org's refusal shows in
    /// the bar with a caret under the place it names, and the rows stay.
    mutating func applyQueryAnswer(
        _ result: Result<RestResponse, RestClientError>, text: String, requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard var bar = switchingBar, bar.pending == requestID else { return [] }
        bar.pending = nil
        let page: QueryResult
        do {
            page = try result.get().decode(QueryResult.self)
            try QueryPageLimit.check(recordCount: page.records.count, pageSize: batchSize)
        } catch {
            let first = error.salesforceErrors.first
            bar.error = QueryError(code: first?.errorCode, message: first?.message ?? error.description)
            // A view's refused SOQL opens in the bar, to be fixed as a typed query.
            bar.view = nil
            modes.modal = .queryBar(bar)
            notices.statusMessage = "The org refused the query; the rows stay (Esc leaves the bar)"
            return []
        }
        return adoptQuery(text, firstPage: page, counted: bar.countedRelationships, view: bar.view)
    }

    /// Makes `text` the list's query, with `page` its first page: the rows, the filter, the org
    /// search, the sort and the marks of the old query go; every pending change stays and settles.
    /// With `view`, the list shows that list view: its label, columns and sort.
    mutating func adoptQuery(
        _ text: String, firstPage page: QueryResult, counted: [CascadingRelationship]?, view: ListViewChoice? = nil
    ) -> [ContactListEffect] {
        var effects = endOrgSearch()
        let droppedMarks = viewport.marks.count
        var next =
            view.map { QueryRun(listView: $0, batchSize: batchSize) } ?? QueryRun(query: text, batchSize: batchSize)
        next.generation = run.generation + 1
        next.countedRelationships = counted
        run = next
        rows = LoadedRows(columnCount: run.columns.count)
        viewport = Viewport(visibleRowCount: viewport.visibleRowCount, isTerminalTooSmall: isTerminalTooSmall)
        modes.isEditingFilter = false
        modes.filterField = TextField()
        modes.modal = nil
        modes.mode = .list
        effects += dropPageRequests()
        notices.statusMessage = "Loading…"
        let loaded = applyPage(page, replacing: true, restarting: true)
        if droppedMarks > 0, notices.statusMessage.isEmpty {
            notices.statusMessage = "The \(droppedMarks) marks of the previous list were cleared"
        }
        return effects + loaded
    }
}

extension QueryBar {
    /// The bar waiting for `request` (the query's first page, or, with `soql`, its object's
    /// describe), put back in the model with the status that says so.
    fileprivate mutating func sending(
        _ request: RestRequest, awaitingDescribeOf soql: String?, in model: inout ContactListModel, status: String
    ) -> [ContactListEffect] {
        pending = request.id
        awaitingDescribe = soql
        error = nil
        model.putBack(self)
        model.notices.statusMessage = status
        return [.send(request)]
    }
}
