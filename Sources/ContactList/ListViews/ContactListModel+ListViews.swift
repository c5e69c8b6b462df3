import RestCore

extension ContactListModel {
    // MARK: - The list views' picker

    /// The list views' picker, while it is open.
    public var listViewPicker: ListViewPicker? {
        if case .listViewPicker(let picker) = modes.modal { return picker }
        return nil
    }

    /// The switch of the list in flight: the query bar's, or the picker's once a view is chosen.
    var switchingBar: QueryBar? { queryBar ?? listViewPicker?.switching }

    /// Puts the switch back where it came from: in the picker while it is open, else in the bar.
    mutating func putBack(_ bar: QueryBar) {
        if case .listViewPicker(var picker) = modes.modal {
            picker.switching = bar
            modes.modal = .listViewPicker(picker)
        } else {
            modes.modal = .queryBar(bar)
        }
    }

    /// `v`: opens the picker on the list views of the list's object, read from the org.
    mutating func openListViewPicker() -> [ContactListEffect] {
        var picker = ListViewPicker(object: run.searchedObject)
        let request = requests.requestForListViews(withObjectType: picker.object, apiVersion: nil)
        inFlight[request.id] = .listViews(object: picker.object)
        picker.pending = request.id
        modes.modal = .listViewPicker(picker)
        notices.statusMessage = "Reading the list views of \(picker.object)…"
        return [.send(request)]
    }

    /// Keys in the picker: typing narrows, ↑/↓ choose, Enter switches, Esc closes. While the
    /// chosen view is being opened, only Esc acts.
    mutating func handleListViewPicker(key: Key) -> [ContactListEffect] {
        guard var picker = listViewPicker else { return [] }
        if key == .escape {
            modes.modal = nil
            notices.statusMessage = ""
            let pending = [picker.pending, picker.switching?.pending].compactMap { $0 }
            for id in pending { inFlight[id] = nil }
            return pending.map { .cancel($0) }
        }
        guard !picker.isWaiting else { return [] }
        switch key {
        case .enter:
            guard let view = picker.highlighted else { return [] }
            var bar = QueryBar(query: "", history: queryHistory)
            let effects = sendDescribe(of: view, object: picker.object, in: &bar)
            picker.switching = bar
            modes.modal = .listViewPicker(picker)
            return effects
        case .up: picker.move(by: -1)
        case .down: picker.move(by: 1)
        default: picker.edit(key)
        }
        modes.modal = .listViewPicker(picker)
        return []
    }

    /// Sends the describe of `view`, the first step of a switch to it.
    private mutating func sendDescribe(
        of view: ListViewSummary, object: String, in bar: inout QueryBar
    ) -> [ContactListEffect] {
        let request = requests.requestForListViewDescribe(withObjectType: object, listViewId: view.id, apiVersion: nil)
        inFlight[request.id] = .listViewDescribe(view, object: object)
        bar.pending = request.id
        bar.error = nil
        notices.statusMessage = "Opening \(view.label)…"
        return [.send(request)]
    }

    // MARK: - `:Object`

    /// `:Account`: the object's first list view, or, when it has none, its compact layout's
    /// fields (`Id, Name` when it has none either).
    mutating func openObject(_ object: String, in bar: inout QueryBar) -> [ContactListEffect] {
        let request = requests.requestForListViews(withObjectType: object, apiVersion: nil)
        inFlight[request.id] = .listViews(object: object)
        bar.pending = request.id
        bar.error = nil
        modes.modal = .queryBar(bar)
        notices.statusMessage = "Opening \(object)…"
        return [.send(request)]
    }

    /// A page of an object's list views: the picker's (every page is read), or `:Object`'s
    /// (its first view is opened, or its compact layout read).
    mutating func applyListViews(
        _ result: Result<RestResponse, RestClientError>, object: String, requestID: RestRequestID
    ) -> [ContactListEffect] {
        if var picker = listViewPicker, picker.pending == requestID {
            picker.pending = nil
            let page: ListViewList
            do throws(RestClientError) {
                page = try ListViewList.decode(try result.get())
            } catch {
                modes.modal = nil
                notices.statusMessage = "The list views of \(object) could not be read: \(error.description)"
                return []
            }
            picker.views += page.listviews
            if !page.done, let next = page.nextRecordsUrl, !next.isEmpty, picker.seenPages.insert(next).inserted {
                let request = requests.request(forNextRecordsURL: next)
                inFlight[request.id] = .listViews(object: object)
                picker.pending = request.id
                modes.modal = .listViewPicker(picker)
                return [.send(request)]
            }
            picker.isComplete = true
            modes.modal = .listViewPicker(picker)
            notices.statusMessage = picker.views.isEmpty ? "\(object) has no list views." : ""
            return []
        }
        guard var bar = switchingBar, bar.pending == requestID else { return [] }
        if let first = (try? ListViewList.decode(try result.get()))?.listviews.first {
            let effects = sendDescribe(of: first, object: object, in: &bar)
            putBack(bar)
            return effects
        }
        let request = requests.requestForCompactLayout(withObjectType: object, apiVersion: nil)
        inFlight[request.id] = .compactLayout(object: object)
        bar.pending = request.id
        putBack(bar)
        notices.statusMessage = "Reading the compact layout of \(object)…"
        return [.send(request)]
    }

    /// `:Object` with no list views: SELECT its compact layout's fields, else `Id, Name`.
    mutating func applyCompactLayout(
        _ result: Result<RestResponse, RestClientError>, object: String, requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard var bar = switchingBar, bar.pending == requestID else { return [] }
        bar.pending = nil
        let fields = ((try? CompactLayout.decode(try result.get()))?.fieldNames ?? [])
            .filter { $0.lowercased() != "id" }
        let soql = "SELECT Id, " + (fields.isEmpty ? "Name" : fields.joined(separator: ", ")) + " FROM " + object
        // The bar shows what runs, so that a refusal's caret points into it.
        bar.field = TextField(soql)
        return switchQuery(to: soql, in: &bar)
    }

    // MARK: - Switching to a view

    /// A view's describe: a SOQL-compatible view switches through the query bar's path (so
    /// every pending change stays); any other is read through its results, read-only.
    mutating func applyListViewDescribe(
        _ result: Result<RestResponse, RestClientError>, view: ListViewSummary, object: String,
        requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard var bar = switchingBar, bar.pending == requestID else { return [] }
        bar.pending = nil
        let description: ListViewDescription
        do throws(RestClientError) {
            description = try ListViewDescription.decode(try result.get())
        } catch {
            return endSwitch(bar, failure: "The list view \(view.label) could not be opened: \(error.description)")
        }
        let choice = ListViewChoice(summary: view, description: description)
        bar.view = choice
        guard let soql = choice.query else {
            let request = resultsRequest(of: choice, offset: 0, generation: nil)
            bar.pending = request.id
            putBack(bar)
            notices.statusMessage = "Reading the results of \(choice.label)…"
            return [.send(request)]
        }
        bar.field = TextField(soql)
        return switchQuery(to: soql, in: &bar)
    }

    /// A switch that cannot go on: the picker closes with the reason in the status line; the
    /// bar stays open with it.
    private mutating func endSwitch(_ bar: QueryBar, failure: String) -> [ContactListEffect] {
        notices.statusMessage = failure
        if listViewPicker != nil {
            modes.modal = nil
        } else {
            var bar = bar
            bar.error = QueryError(code: nil, message: failure)
            modes.modal = .queryBar(bar)
        }
        return []
    }

    // MARK: - A view read through its results

    /// Reads a view that is not SOQL-compatible again from its first result, under a new run
    /// (at the start, and for `r`).
    mutating func readResults(of view: ListViewChoice) -> [ContactListEffect] {
        run.generation += 1
        let dropped = dropPageRequests()
        notices.statusMessage = "Reading the results of \(view.label)…"
        return dropped + [.send(resultsRequest(of: view, offset: 0, generation: run.generation))]
    }

    /// The request of a view's results from `offset`, recorded in flight.
    private mutating func resultsRequest(of view: ListViewChoice, offset: Int, generation: Int?) -> RestRequest {
        let bounds = RestClient.listViewResultsLimits
        let limit = min(max(batchSize, bounds.limit.lowerBound), bounds.limit.upperBound)
        let request = requests.requestForListViewResults(
            withObjectType: view.object, listViewId: view.id, limit: limit, offset: offset, apiVersion: nil)
        inFlight[request.id] = .listViewResults(view, offset: offset, generation: generation)
        return request
    }

    /// A page of a view's results: the first of a switch replaces the list (read-only, the
    /// reason in the status line); a page of the run shown joins it. The next page is read at
    /// once, up to the offset the org serves.
    mutating func applyListViewResults(
        _ result: Result<RestResponse, RestClientError>, view: ListViewChoice, offset: Int, generation: Int?,
        requestID: RestRequestID
    ) -> [ContactListEffect] {
        var effects: [ContactListEffect]
        let page: ListViewResults
        if generation == nil {
            guard let bar = switchingBar, bar.pending == requestID else { return [] }
            do throws(RestClientError) {
                page = try ListViewResults.decode(try result.get())
            } catch {
                return endSwitch(bar, failure: "The results of \(view.label) could not be read: \(error.description)")
            }
            effects = adoptQuery(
                view.describingQuery, firstPage: Self.queryPage(of: page, view: view, offset: offset), counted: nil,
                view: view)
        } else {
            guard generation == run.generation else { return [] }
            do throws(RestClientError) {
                page = try ListViewResults.decode(try result.get())
            } catch {
                notices.statusMessage = pageFailureStatus(error)
                return []
            }
            effects = applyPage(
                Self.queryPage(of: page, view: view, offset: offset), replacing: offset == 0, restarting: offset == 0)
        }
        notices.statusMessage = view.readOnlyReason
        let next = offset + page.records.count
        guard !page.done, !page.records.isEmpty else { return effects }
        guard RestClient.listViewResultsLimits.offset.contains(next) else {
            notices.statusMessage =
                "The org serves a view's results only up to offset "
                + "\(RestClient.listViewResultsLimits.offset.upperBound): the first \(next) are shown, read-only."
            return effects
        }
        return effects + [.send(resultsRequest(of: view, offset: next, generation: run.generation))]
    }

    /// A page of a view's results as a query page: each record's columns nested by path
    /// (`Account.Name` under `Account`), every value as the org's text.
    static func queryPage(of results: ListViewResults, view: ListViewChoice, offset: Int) -> QueryResult {
        let records = results.records.map { row -> JSONValue in
            var root: [String: JSONValue] = ["attributes": .object(["type": .string(view.object)])]
            for column in row.columns {
                let path = column.fieldNameOrPath.split(separator: ".").map(String.init)
                nest(column.value.map(JSONValue.string) ?? .null, at: path[...], into: &root)
            }
            return .object(root)
        }
        return QueryResult(totalSize: offset + records.count, done: true, records: records)
    }

    private static func nest(_ value: JSONValue, at path: ArraySlice<String>, into record: inout [String: JSONValue]) {
        guard let first = path.first else { return }
        guard path.count > 1 else {
            record[first] = value
            return
        }
        var parent = record[first]?.objectValue ?? [:]
        nest(value, at: path.dropFirst(), into: &parent)
        record[first] = .object(parent)
    }

    // MARK: - Starting on a view

    /// Makes the org's list view `summary` the list's, before `start()`: its SOQL with its
    /// label, columns and sort, or, for a view that is not SOQL-compatible, its results, read-only.
    public mutating func show(listView summary: ListViewSummary, description: ListViewDescription) {
        run = QueryRun(listView: ListViewChoice(summary: summary, description: description), batchSize: batchSize)
        rows = LoadedRows(columnCount: run.columns.count)
    }
}

extension ContactListModel.Purpose {
    /// Whether the answer may replace the list with another (a query or a view switched to).
    var switchesList: Bool {
        switch self {
        case .switchQuery, .listViewResults(_, _, nil): return true
        default: return false
        }
    }
}
