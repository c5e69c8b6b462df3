import RestCore
import SOQL

extension ContactListModel {
    /// Applies the outcome of a request this model asked for; outcomes of requests
    /// it no longer waits for (a page replaced by a refresh) are ignored. Whatever rows the
    /// outcome adds, removes or puts back, the selection stays on its record.
    public mutating func handle(
        response result: Result<RestResponse, RestClientError>, for requestID: RestRequestID
    ) -> [ContactListEffect] {
        guard let purpose = inFlight.removeValue(forKey: requestID) else { return [] }
        if let deferred = deferOutcomeRead(requestID, purpose: purpose, result: result) {
            return changes.takeJournal() + deferred
        }
        // A sort places the selection itself: the old order's neighbours mean nothing in the new one.
        var placesSelection = false
        if case .firstPage(let generation, _) = purpose, answersSort(generation: generation) { placesSelection = true }
        let anchor = selectionAnchor()
        let generation = run.generation
        let effects = apply(result, for: purpose, requestID: requestID)
        // A query the bar switched to starts on its first row: the old rows' anchor means nothing.
        if purpose.switchesList, run.generation != generation { placesSelection = true }
        if !placesSelection { restoreSelection(anchor) }
        let moved = applyQueuedMoves()
        cancelEditOfVanishedRecord()
        var settled = effects + moved + finishLoadingAllIfDone() + undoSettledDeletes()
        // The org answered a page: changes queued by an earlier session sync up now.
        if case .firstPage = purpose, case .success = result { settled += syncUp() }
        settled += refreshWhenSynced() + forgottenRows()
        return stampAndTakeJournal() + settled
    }

    private mutating func apply(
        _ result: Result<RestResponse, RestClientError>, for purpose: Purpose, requestID: RestRequestID
    ) -> [ContactListEffect] {
        switch purpose {
        case .firstPage(let generation, let merging):
            guard generation == run.generation else { return [] }
            // Offline needs the runner's local stores: without them a failed load only says so.
            if case .failure(let error) = result, error.meansHostUnreachable, rowsAreRecords,
                run.resultsView == nil, keepsRows || journalsChanges
            {
                return goOffline()
            }
            if answersSort(generation: generation) { return settleSort(result) }
            if !merging, let page = decodePage(result), let effects = beginRefreshStaging(page) { return effects }
            return applyPage(result, replacing: !merging, restarting: true)
        case .nextPage(let generation):
            guard generation == run.generation else { return [] }
            if case .failure(let error) = result, error.isExpiredQueryCursor {
                return restartAfterExpiredCursor(error)
            }
            if case .success = result { run.restartedAfterExpiredCursor = false }
            if run.refreshStaging != nil {
                guard let page = decodePage(result) else {
                    run.refreshStaging = nil
                    return []
                }
                return stageRefreshPage(page)
            }
            return applyPage(result, replacing: false, restarting: false)
        case .delete:
            return settleDelete(requestID, result: result) + loadMoreIfNeeded()
        case .reconcileDelete(let deleteID):
            reconcileDelete(deleteID, readBack: result)
            return loadMoreIfNeeded()
        case .reconcileLeftDelete(let deleteID):
            settleLeftDelete(deleteID, readBack: result)
            return loadMoreIfNeeded()
        case .retrieve(let recordID):
            applyRetrieve(result, recordID: recordID)
            return []
        case .bulkDelete(let batch, let entries):
            return settleBulkDelete(result, batch: batch, entries: entries) + loadMoreIfNeeded()
        case .reconcileBulkDelete(let batch, let entries):
            reconcileBulkDelete(result, batch: batch, entries: entries)
            return loadMoreIfNeeded()
        case .describe(let objectType):
            applyDescribe(result, objectType: objectType)
            openAwaitedCreateForm(objectType: objectType)
            if switchingBar?.pending == requestID { return continueBarQuery(afterDescribe: requestID) }
            guard run.firstPageAwaitsDescribe, objectType == run.searchedObject else { return [] }
            run.firstPageAwaitsDescribe = false
            return sendFirstPage()
        case .update:
            return settleUpdate(requestID, result: result)
        case .reconcileUpdate(let updateID):
            reconcileUpdate(updateID, readBack: result)
            return []
        case .create:
            return settleCreate(requestID, result: result)
        case .reconcileCreate(let createID):
            return applyCreateReconcile(createID, result: result)
        case .referenceLookup(let field, let text):
            return applyReferenceLookup(field: field, text: text, result: result)
        case .readConflict(let updateID):
            return applyConflict(updateID, readBack: result) + loadMoreIfNeeded()
        case .search(let text):
            applyOrgSearch(result, text: text)
            return []
        case .switchQuery(let text):
            return applyQueryAnswer(result, text: text, requestID: requestID)
        case .undelete(let entries):
            return settleUndelete(result, entries: entries)
        case .reconcileUndelete(let entries):
            reconcileUndelete(result, entries: entries)
            return []
        case .listViews(let object):
            return applyListViews(result, object: object, requestID: requestID)
        case .listViewDescribe(let view, let object):
            return applyListViewDescribe(result, view: view, object: object, requestID: requestID)
        case .listViewResults(let view, let offset, let generation):
            return applyListViewResults(
                result, view: view, offset: offset, generation: generation, requestID: requestID)
        case .compactLayout(let object):
            return applyCompactLayout(result, object: object, requestID: requestID)
        case .describeGlobal:
            return applyDescribeGlobal(result)
        case .bulkPages:
            // Its pieces come through `handle(bulkPage:for:)`, never as a response.
            return []
        case .probe:
            return settleProbe(result, requestID: requestID)
        case .syncUpDeleteCheck(let entries):
            return applyDeleteCheck(result, entries: entries)
        case .sync(let step, let generation):
            guard generation == run.generation, run.sync != nil else { return [] }
            // The org went away mid-sync: its other requests are dropped, and it starts over
            // when the org answers again (`comeOnline`).
            if case .failure(let error) = result, error.meansHostUnreachable, keepsRows || journalsChanges {
                let dropped = dropPageRequests()
                run.sync?.restart()
                return dropped + goOffline()
            }
            let effects = applySync(result, step: step)
            // The sync's changes are in: changes queued by an earlier session sync up now, as
            // after a first page.
            guard run.sync == nil, run.lastSync != nil else { return effects }
            return effects + syncUp()
        case .readAfterSave(let recordID, let sequence):
            guard sequence >= changes.latestReadAfterSave[recordID] ?? sequence else { return [] }
            applyReadAfterSave(result, recordID: recordID)
            return []
        }
    }

    /// The records the org confirmed deleted since the last answer, for the replica to drop.
    private mutating func forgottenRows() -> [ContactListEffect] {
        let ids = changes.takeConfirmedDeletes()
        guard keepsRows, !ids.isEmpty else { return [] }
        return [.forgetRows(query: query, ids: ids)]
    }

    // MARK: - Pages and refresh

    /// `r`: loads the first page again; rows of pending deletes stay hidden. The reads of outcomes
    /// that got no answer go again first.
    mutating func refresh() -> [ContactListEffect] {
        if offline.isOffline { return probeNow() }
        let reads = resendOutcomeReads()
        if let view = run.resultsView { return reads + readResults(of: view) }
        run.restartedAfterExpiredCursor = false
        if let synced = syncAgain(status: "Refreshing…") { return reads + synced }
        return reads + runQueryAgain(merging: false, status: "Refreshing…")
    }

    /// The status while the query runs again after its cursor expired.
    static let cursorRestartStatus = "The query's cursor expired; loading the rest again…"

    /// A next page's cursor expired on the org: the query runs again once, from its first page,
    /// and its pages add only the rows not shown yet, so the rows and the selection stay where
    /// they are. The dead cursor is never sent again; a second expiry in a row is a page error.
    private mutating func restartAfterExpiredCursor(_ error: RestClientError) -> [ContactListEffect] {
        run.nextRecordsURL = nil
        guard !run.restartedAfterExpiredCursor else {
            notices.statusMessage = pageFailureStatus(error)
            return []
        }
        run.restartedAfterExpiredCursor = true
        return runQueryAgain(merging: true, status: Self.cursorRestartStatus)
    }

    /// Drops the pages in flight and sends the first page of `text` (the query in use when nil)
    /// under a new run.generation.
    mutating func runQueryAgain(merging: Bool, status: String, text: String? = nil) -> [ContactListEffect] {
        run.generation += 1
        run.nextRecordsURL = nil
        run.refreshStaging = nil
        run.sync = nil
        run.lastSync = nil
        viewport.queuedMoveDown = 0
        if isLoadingAll { modes.modal = nil }
        let dropped = dropPageRequests()
        let request = firstPageRequest(countingDependents(pageQuery(text ?? queryInUse)))
        inFlight[request.id] = .firstPage(generation: run.generation, merging: merging)
        notices.statusMessage = status
        return dropped + [.send(request)]
    }

    /// Forgets the pages in flight: their answers, if any come, are for a run no longer shown.
    /// A bulk read of the list is cancelled too (`.cancel`: the runner aborts its job at the org).
    mutating func dropPageRequests() -> [ContactListEffect] {
        var cancelled: [ContactListEffect] = []
        inFlight = inFlight.filter {
            switch $0.value {
            case .firstPage, .nextPage, .sync: return false
            case .bulkPages:
                cancelled.append(.cancel($0.key))
                return false
            default: return true
            }
        }
        return cancelled
    }

    /// Ends the status line's word on loading, now that the org's rows are in; "Deleted NAME"
    /// and the like stay.
    mutating func endLoadingStatus() {
        if ["Loading…", "Refreshing…", Self.cursorRestartStatus].contains(notices.statusMessage)
            || notices.statusMessage.hasPrefix("Could not load")
        {
            notices.statusMessage = rowsAreRecords ? "" : Self.notRecordsStatus
        }
    }

    static let notRecordsStatus =
        "These rows are not records (the query selects no Id, or counts or groups), so d and e do nothing here."

    func pageFailureStatus(_ error: RestClientError) -> String {
        "Could not load \(noun.plural): \(error.description) — r to retry"
    }

    /// Applies a page of the query. `replacing`: the first page of a load, which replaces the rows
    /// shown; `restarting`: the first page of any run of the query, which numbers the query's
    /// order from the start (a merging restart keeps the rows and adds the new ones).
    mutating func applyPage(
        _ result: Result<RestResponse, RestClientError>, replacing: Bool, restarting: Bool
    ) -> [ContactListEffect] {
        guard let page = decodePage(result) else { return [] }
        return applyPage(page, replacing: replacing, restarting: restarting)
    }

    /// The page an answer holds; nil when there is none, with the reason in the status line.
    mutating func decodePage(_ result: Result<RestResponse, RestClientError>) -> QueryResult? {
        do {
            let page = try result.get().decode(QueryResult.self)
            try QueryPageLimit.check(recordCount: page.records.count, pageSize: batchSize)
            return page
        } catch {
            // Nothing shown is dropped; `r` runs the query again. Moves waiting for the page go.
            notices.statusMessage = pageFailureStatus(error)
            viewport.queuedMoveDown = 0
            return nil
        }
    }

    mutating func applyPage(_ page: QueryResult, replacing: Bool, restarting: Bool) -> [ContactListEffect] {
        let orgRows = detachOrgRows()
        // In the Recycle Bin, a record being restored has left the view.
        let pendingIDs = changes.pendingDeleteIDs.union(run.readsRecycleBin ? changes.pendingUndeleteIDs : [])
        if replacing {
            rows.removeAll()
        }
        let previousOrder = restarting ? rows.recordIDs : RecordIDTable()
        if restarting {
            rows.nextQueryOrder = 0
            run.listedCount = 0
        }
        let firstListed = run.listedCount
        run.listedCount += page.records.count
        for index in run.columns.indices { run.columns[index].adoptOrgSpelling(from: page.records) }
        let firstNew = dataRows.count
        let pending = pendingValuesByRecord
        // `SELECT COUNT()` answers with a count and no records: its one row is the count.
        let entries =
            run.columns.first?.path == ["totalSize"]
            ? [JSONValue.object(["totalSize": .number(Double(page.totalSize))])] : page.records
        for json in entries {
            let record: ContactRecord
            // The org's values, for the replica: a pending edit's value is not the org's until it settles.
            let read: ContactRecord
            if rowsAreRecords {
                guard var recordRead = ContactRecord(json: json, columns: run.columns) else { continue }
                recordRead.dependents = dependents(ofPageRecord: json)
                read = recordRead
                record = withPendingUpdates(read, pending)
            } else {
                read = ContactRecord(
                    row: json, number: rows.nextQueryOrder / Self.queryOrderStride, columns: run.columns)
                record = read
            }
            // Pending rows get their place too, so that a rollback puts them back in order.
            rows.setQueryOrder(rows.nextQueryOrder, of: record.id)
            rows.nextQueryOrder += Self.queryOrderStride
            guard !confirmedDeletedIDs.contains(record.id) else { continue }
            guard !pendingIDs.contains(record.id) else { continue }
            rows.append(record)
        }
        if replacing { keepPendingCreatesOnTop() }
        if restarting {
            reanchorQueryOrder(previous: previousOrder, listed: Set(page.records.compactMap { $0["Id"]?.stringValue }))
        }
        if replacing {
            updateFilter { $0.rebuild(index: $1) }
        } else {
            updateFilter { $0.appended(from: firstNew, index: $1) }
        }
        reattachOrgRows(orgRows)
        if replacing { reshowRestoredInRun() }
        // A cursor's pages all repeat the count of when the query ran: the deletes confirmed since
        // are taken off, so that "N of M" stays the org's count.
        if restarting { run.deletedSinceQueryRan = 0 }
        run.totalSize = max(0, page.totalSize - run.deletedSinceQueryRan)
        run.nextRecordsURL = page.done ? nil : page.nextRecordsUrl
        endLoadingStatus()
        clampSelection()
        noteReplicationProgress(replacing: replacing)
        return keptPage(page.records, firstPosition: firstListed, completesList: page.done) + loadMoreIfNeeded()
    }

    /// Whether a filter with text is set: it searches the loaded rows only.
    var isFiltering: Bool { !(filter?.query.isEmpty ?? true) }

    /// Fetches the next page when the selection comes within a screen of the end.
    ///
    /// While a filter with text is set, a page is fetched only when the user moves down past
    /// the last shown row (`pastTheEnd`): one page per key press, never by itself, so a filter
    /// that matches nothing does not page through the whole org.
    mutating func loadMoreIfNeeded(pastTheEnd: Bool = false) -> [ContactListEffect] {
        if let bulk = firstSyncThroughBulk() { return bulk }
        // A replicated list pages on by itself until every row is held.
        guard let url = run.nextRecordsURL, !isLoading, !run.isReplayingStagedPages, !readsBulk,
            isLoadingAll || replicatesList || viewport.selection + max(visibleRowCount, 1) >= shownCount,
            isLoadingAll || replicatesList || pastTheEnd || !isFiltering
        else { return [] }
        let request = requests.request(forNextRecordsURL: url)
        inFlight[request.id] = .nextPage(generation: run.generation)
        return [.send(request)]
    }

    // MARK: - Detail view

    /// Enter: shows the selected record and retrieves all of its fields.
    mutating func openDetail() -> [ContactListEffect] {
        guard let record = selectedRecord else { return [] }
        guard record.isRecord else {
            notices.statusMessage = Self.notRecordsStatus
            return []
        }
        if let refusal = refusalOfPendingCreate(record) {
            notices.statusMessage = refusal
            return []
        }
        let request = requests.requestForRetrieve(
            withObjectType: record.objectType, objectId: record.id, fieldList: nil, apiVersion: nil)
        inFlight[request.id] = .retrieve(recordID: record.id)
        modes.mode = .detail(DetailState(record: record))
        return [.send(request)]
    }

    private mutating func applyRetrieve(_ result: Result<RestResponse, RestClientError>, recordID: String) {
        guard case .detail(var detail) = modes.mode, detail.record.id == recordID else { return }
        do {
            let json = try result.get().decode(JSONValue.self)
            detail.content = .fields(Self.fieldLines(of: json))
        } catch {
            detail.content = .failed(error.description)
        }
        modes.mode = .detail(detail)
    }

    /// The fields of a record as lines: Id and Name first, then by name; nested records flattened.
    static func fieldLines(of json: JSONValue, prefix: String = "") -> [DetailState.Field] {
        guard let members = json.objectValue else { return [] }
        let priority = ["Id": 0, "Name": 1]
        let names = members.keys.filter { $0 != "attributes" }.sorted {
            let left = priority[$0] ?? 2
            let right = priority[$1] ?? 2
            return left != right ? left < right : $0 < $1
        }
        var lines: [DetailState.Field] = []
        for name in names {
            let value = members[name]!
            if let fields = value.objectValue, CompoundAddress.line(fields, text: \.stringValue) == nil {
                lines += fieldLines(of: value, prefix: prefix + name + ".")
            } else {
                lines.append(DetailState.Field(name: prefix + name, value: ContactRecord.text(of: value)))
            }
        }
        return lines
    }
}
