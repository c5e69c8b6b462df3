import Foundation
import RestCore
import SOQL

/// The incremental sync of a whole list shown from the replica (`IncrementalSync`): a few
/// requests instead of a page per 2,000 rows, whose answers change the rows in place. Changed
/// rows replace theirs, new ones take their place by the query's order (`RowOrder`), rows that
/// left go, and the selection and marks stay on their records; a row with a change in flight is
/// left as `PendingChanges` has it. The replica gets the same changes (`KeptRows.Change.delta`).
/// Whatever fails that is not the org's window of deletes loads the list again instead.
extension ContactListModel {
    /// Syncs the whole list again by what changed since the last sync (`r`, the end of a sync
    /// up, the org back after a drop); nil when the list was not synced so (then it loads again).
    mutating func syncAgain(status: String) -> [ContactListEffect]? {
        guard replicatesList, run.sync == nil, let next = run.lastSync else { return nil }
        run.lastSync = nil
        run.sync = next
        notices.statusMessage = status
        return beginSync()
    }

    /// `start()` with a whole list shown from the replica: the delta's three requests, or a
    /// resync's first page of ids when the query has a LIMIT.
    mutating func beginSync() -> [ContactListEffect] {
        guard var sync = run.sync else { return sendFirstPage() }
        sync.startedAt = notices.now()
        run.sync = sync
        if SOQLSyncRewriter.hasLimit(query) { return beginResync() }
        guard let changed = SOQLSyncRewriter.changed(query, since: sync.since) else { return loadAgain() }
        var effects = [syncRequest(firstPageRequest(countingDependents(pageQuery(changed))), .changed)]
        if let left = SOQLSyncRewriter.stoppedMatching(query, since: sync.since) {
            effects.append(syncRequest(firstPageRequest(left), .stoppedMatching))
        }
        let start = sync.replicaSyncedAt.addingTimeInterval(-IncrementalSync.clockMargin)
        // An end past now is answered up to now (a window ending on this minute would leave out
        // the deletes of its last seconds).
        let end = max(sync.startedAt, start).addingTimeInterval(120)
        effects.append(
            syncRequest(
                requests.requestForDeleted(withObjectType: run.searchedObject, start: start, end: end, apiVersion: nil),
                .deleted))
        return effects
    }

    /// Sends a request of the sync, counted until it is answered.
    private mutating func syncRequest(_ request: RestRequest, _ step: IncrementalSync.Step) -> ContactListEffect {
        inFlight[request.id] = .sync(step, generation: run.generation)
        run.sync?.awaiting += 1
        return .send(request)
    }

    /// The resync: every id of the query with its stamp, page by page.
    private mutating func beginResync() -> [ContactListEffect] {
        guard let listing = SOQLSyncRewriter.idsAndStamps(query) else { return loadAgain() }
        // The delta's answers still on their way are dropped.
        run.generation += 1
        let dropped = dropPageRequests()
        run.sync?.restart()
        run.sync?.mode = .resync
        return dropped + [syncRequest(firstPageRequest(listing), .listed)]
    }

    /// The sync cannot go on: the list is loaded again, as without a replica (its rows stay
    /// until the first page replaces them).
    private mutating func loadAgain() -> [ContactListEffect] {
        run.sync = nil
        return runQueryAgain(merging: false, status: "")
    }

    mutating func applySync(
        _ result: Result<RestResponse, RestClientError>, step: IncrementalSync.Step
    ) -> [ContactListEffect] {
        run.sync?.awaiting -= 1
        var effects: [ContactListEffect] = []
        switch step {
        case .changed, .rowsByID:
            guard let page = syncPage(result) else { return loadAgain() }
            run.sync?.changed += page.records
            effects += nextSyncPage(page, step)
        case .stoppedMatching:
            guard let page = syncPage(result) else { return loadAgain() }
            for id in page.records.compactMap({ $0["Id"]?.stringValue }) { run.sync?.removed.insert(id) }
            effects += nextSyncPage(page, step)
        case .listed:
            guard let page = syncPage(result) else { return loadAgain() }
            run.sync?.listed += page.records.compactMap { record in
                record["Id"]?.stringValue.map { ($0, record["SystemModstamp"]?.stringValue) }
            }
            effects += nextSyncPage(page, step)
        case .deleted:
            guard let deleted = deletedIDs(result) else { return beginResync() }
            for id in deleted { run.sync?.removed.insert(id) }
        }
        guard let sync = run.sync, sync.awaiting == 0 else { return effects }
        switch sync.mode {
        case .delta:
            return effects + applyDelta()
        case .resync where step == .listed:
            return effects + readListedRows()
        case .resync:
            return effects + applyDelta()
        }
    }

    /// The page a sync's query answered; nil when it failed.
    private func syncPage(_ result: Result<RestResponse, RestClientError>) -> QueryResult? {
        try? result.get().decode(QueryResult.self)
    }

    /// The next page of a sync's query, when there is one.
    private mutating func nextSyncPage(_ page: QueryResult, _ step: IncrementalSync.Step) -> [ContactListEffect] {
        guard !page.done, let url = page.nextRecordsUrl else { return [] }
        return [syncRequest(requests.request(forNextRecordsURL: url), step)]
    }

    /// The ids `…/deleted/` answered; nil when the replica is older than the org keeps deletes
    /// (its `earliestDateAvailable` is later than the window asked, or `INVALID_REPLICATION_DATE`)
    /// or the answer cannot be read: a resync then finds what left.
    private func deletedIDs(_ result: Result<RestResponse, RestClientError>) -> [String]? {
        guard let body = try? result.get().decode(JSONValue.self), let records = body["deletedRecords"]?.arrayValue,
            let sync = run.sync
        else { return nil }
        let start = sync.replicaSyncedAt.addingTimeInterval(-IncrementalSync.clockMargin)
        if let earliest = body["earliestDateAvailable"]?.stringValue.flatMap(SalesforceDate.parse),
            earliest > start
        {
            return nil
        }
        return records.compactMap { $0["id"]?.stringValue }
    }

    /// A resync listed every id: the held rows it does not list leave, and the rows it lists that
    /// are new or stamped after the replica's are read by id.
    private mutating func readListedRows() -> [ContactListEffect] {
        run.sync?.makeKeys()
        guard let sync = run.sync else { return [] }
        let listedIDs = Set(sync.listed.map(\.id))
        run.sync?.removed = Set(sync.keys.keys.filter { !listedIDs.contains($0) })
        let wanted = sync.listed.filter { entry in
            sync.keys[entry.id] == nil || (entry.stamp.map { $0 > sync.since } ?? true)
        }.map(\.id)
        guard !wanted.isEmpty else { return applyDelta() }
        var effects: [ContactListEffect] = []
        let rowsQuery = countingDependents(pageQuery(query))
        for ids in RestClient.collectionChunks(of: wanted, limit: IncrementalSync.idsPerRead) {
            guard let soql = SOQLIdRestriction.restricting(rowsQuery, toIDs: Array(ids)) else {
                return loadAgain()
            }
            effects.append(
                syncRequest(requests.request(forQuery: soql, apiVersion: nil, batchSize: batchSize), .rowsByID))
        }
        return effects
    }
}
