import Foundation
import RestCore

/// The state of the contact list and the rules that change it: the port of the
/// Mobile SDK sample's `RootViewController`.
///
/// A value type driven by events (keys, responses, ticks) that returns effects
/// (requests to send, quit); it never touches the network or the terminal,
/// so every behaviour is tested by feeding events and reading frames.
public struct ContactListModel: Sendable {
    /// Why a request was sent, so that its response is applied correctly.
    enum Purpose: Sendable, Hashable {
        /// The first page of the query; `run.generation` tells a refresh from the one it replaced.
        /// `merging`: a restart after an expired cursor, whose rows join those shown.
        case firstPage(generation: Int, merging: Bool)
        case nextPage(generation: Int)
        case delete
        /// Reading back the record of a DELETE that got no answer, keyed to its `deleteRequests` entry.
        case reconcileDelete(deleteID: RestRequestID)
        /// Reading back the record of a delete a dead process left in the outbox (`resumeLeftChanges`).
        case reconcileLeftDelete(deleteID: RestRequestID)
        case retrieve(recordID: String)
        /// An sObject Collections DELETE; `entries` are the records' `deleteRequests` keys, in the
        /// request's order (the answer lists one result per id in that order). `batch` is the `d` that
        /// sent it, so that its refusals share one alert.
        case bulkDelete(batch: Int, entries: [RestRequestID])
        /// The `SELECT Id … WHERE Id IN (…)` that reconciles a collection DELETE that got no answer.
        case reconcileBulkDelete(batch: Int, entries: [RestRequestID])
        /// An object's describe, for the fields `e` may edit.
        case describe(objectType: String)
        case update
        /// Reading back the field of a PATCH that got no answer, keyed to its `updateRequests` entry.
        case reconcileUpdate(updateID: RestRequestID)
        /// Reading back the record of a PATCH refused with 412 (or deleted meanwhile), with who changed it.
        case readConflict(updateID: RestRequestID)
        /// The POST of a new record (`changes.creates` keys it by this request's id).
        case create
        /// The query that looks for a create's record after its POST got no answer.
        case reconcileCreate(createID: RestRequestID)
        /// Looking up the records a reference's typed name matches, for `c`'s form.
        case referenceLookup(field: String, text: String)
        /// The org search of the filter's text `text`.
        case search(text: String)
        /// Reading a record back after a save, for the values the org computed (Name, formulas,
        /// LastModifiedDate).
        case readAfterSave(recordID: String, sequence: Int)
        /// The first page of a query typed in the query bar, which replaces the list's on success.
        case switchQuery(text: String)
        /// A SOAP undelete of `U`; `entries` are the records' `PendingChanges.undeletes` keys, in
        /// the request's order (the answer has one result per id in that order).
        case undelete(entries: [RestRequestID])
        /// The `queryAll` of `IsDeleted` that reconciles an undelete that got no answer.
        case reconcileUndelete(entries: [RestRequestID])
        /// A page of an object's list views: for the picker (`v`), or for `:Object`'s first view.
        case listViews(object: String)
        /// A list view's describe, before the list switches to it.
        case listViewDescribe(ListViewSummary, object: String)
        /// A page of a view's results from `offset`: with `generation` nil, the first page of a
        /// switch to the view; else a page of that run of the view shown.
        case listViewResults(ListViewChoice, offset: Int, generation: Int?)
        /// The compact layout of `:Object` when it has no list views.
        case compactLayout(object: String)
        /// The org's object names, for Tab in the query bar.
        case describeGlobal
        /// Offline: the cheap GET that looks for the org again (`OfflineState`).
        case probe
        /// A sync up's read of the `LastModifiedDate` of records whose delete was queued.
        case syncUpDeleteCheck(entries: [RestRequestID])
        /// A request of the incremental sync of the list shown from the replica (`run.sync`).
        case sync(IncrementalSync.Step, generation: Int)
        /// A large list's first sync read through a Bulk API 2.0 job (`readBulk`); `applied`
        /// once a piece has replaced the rows.
        case bulkPages(generation: Int, applied: Bool)
    }

    // The list's state, in parts, each owning one concern and its invariant
    // (`ContactListModel+Parts` names what each holds for the extensions and the views).

    /// The loaded rows, and everything kept row for row with them.
    public internal(set) var rows: LoadedRows
    /// The query and where its latest run is.
    public internal(set) var run: QueryRun
    /// Every change sent whose outcome is not settled, and what the org confirmed.
    public internal(set) var changes = PendingChanges() {
        didSet { outboxCache = OutboxItemsCache() }
    }
    /// Selection, scrolling, the column cursor and the marks.
    public internal(set) var viewport = Viewport()
    /// The detail, help, modal window and filter line that hold the keys besides the list.
    public internal(set) var modes = Modes()
    /// The status line, the alerts and the log of both.
    public internal(set) var notices = Notices()
    /// Whether the org can be reached, and the changes queued while it could not.
    public internal(set) var offline = OfflineState() {
        didSet { outboxCache = OutboxItemsCache() }
    }
    /// `p`'s rows, made from `changes` and `offline` as they are (a new cache when either changes).
    private(set) var outboxCache = OutboxItemsCache()

    /// Each object type's fields as its describe says, fetched on the first `e` (or, for objects
    /// whose delete may take children with it, before the first page).
    var objectFields: [String: ObjectFields] = [:]
    /// The org's queryable object names (describe-global), read on the first Tab in the query bar.
    var objectNames: [String]?
    /// Why each request in flight was sent, so that its answer is applied correctly.
    var inFlight: [RestRequestID: Purpose] = [:]
    let requests: any ContactRequestFactory
    /// Whether the client's gate refuses every change (`--read-only`): `d`, `e` and marks are
    /// refused at the key, and the key bar and help leave them out.
    public let isReadOnly: Bool
    /// The org's instance URL, from which `o` derives a record's Lightning page; set by the runner.
    public var instanceURL: String?
    /// Whether each applied page is also returned as a `keepRows` effect, for the runner's local
    /// replica; off unless the runner keeps one.
    public var keepsRows = false
    /// Where the data comes from, for the header (the host; the header adds the API version in use).
    public var origin: String
    /// The session's user id, when the runner knows it: a create that got no answer looks for a
    /// record this user created.
    public var userID: String?

    /// `recycleBin`: the query lists deleted records (`--recycle-bin`), read with `queryAll`.
    public init(
        query: String, batchSize: Int = 2000, origin: String, requests: any ContactRequestFactory,
        recycleBin: Bool = false
    ) {
        run = QueryRun(query: query, batchSize: batchSize)
        run.readsRecycleBin = recycleBin
        if recycleBin { run.title = "Recycle Bin" }
        rows = LoadedRows(columnCount: run.columns.count)
        self.origin = origin
        self.requests = requests
        // The gate decides; a DELETE it refuses means every change is refused.
        let probe = requests.requestForDelete(
            withObjectType: "Contact", objectId: "003000000000000AAA", apiVersion: nil)
        self.isReadOnly = !requests.allowsSending(probe)
    }

    /// Whether a page is being fetched.
    public var isLoading: Bool {
        run.firstPageAwaitsDescribe
            || inFlight.values.contains {
                switch $0 {
                case .firstPage(let generation, _), .nextPage(let generation): return generation == run.generation
                case .listViewResults(_, _, let generation): return generation == run.generation
                case .sync(_, let generation), .bulkPages(let generation, _): return generation == run.generation
                case .delete, .reconcileDelete, .reconcileLeftDelete, .retrieve, .bulkDelete, .reconcileBulkDelete,
                    .describe, .update, .reconcileUpdate, .search, .readAfterSave, .switchQuery, .readConflict, .create,
                    .reconcileCreate, .referenceLookup, .undelete, .reconcileUndelete, .listViews, .listViewDescribe,
                    .compactLayout, .describeGlobal, .probe, .syncUpDeleteCheck:
                    return false
                }
            }
    }

    /// Whether something is under way that a spinner should show (the runner ticks meanwhile).
    public var needsAnimation: Bool {
        if isLoading || !changes.isEmpty || rows.orgSearch.isSearching { return true }
        if case .detail(let detail) = modes.mode, detail.content == .loading { return true }
        return false
    }

    /// The effects that start the app: the first page of the query.
    public mutating func start() -> [ContactListEffect] {
        if offline.sendsNothing { return goOffline() }
        if let view = run.resultsView { return readResults(of: view) }
        if run.sync != nil { return beginSync() }
        if describesBeforeFirstPage { return describeBeforeFirstPage() }
        return sendFirstPage()
    }

    /// The first page of the query, with its dependents counted.
    mutating func sendFirstPage() -> [ContactListEffect] {
        let request = firstPageRequest(countingDependents(pageQuery(query)))
        inFlight[request.id] = .firstPage(generation: run.generation, merging: false)
        return [.send(request)]
    }

    /// Advances the spinner; the runner calls it while `needsAnimation`.
    public mutating func tick() {
        viewport.spinnerFrame &+= 1
    }

    // MARK: - Shown rows

    /// The number of rows shown: all loaded rows, or those the filter matches and then the
    /// rows the org search found.
    public var shownCount: Int { rows.shownCount }

    /// The index in `dataRows` of a shown position.
    public func dataIndex(ofShown position: Int) -> Int { rows.dataIndex(ofShown: position) }

    /// The record at a shown position.
    public func shownRecord(at position: Int) -> ContactRecord { rows.shownRecord(at: position) }

    /// The selected record, if any row is shown.
    public var selectedRecord: ContactRecord? {
        viewport.selection < shownCount ? shownRecord(at: viewport.selection) : nil
    }

    // MARK: - Row bookkeeping shared by loads, deletes and rollbacks

    mutating func removeRow(at index: Int) {
        rows.remove(at: index)
    }

    /// Removes the row of the record `id` when it is shown; whether it was.
    @discardableResult
    mutating func removeRow(id: String) -> Bool {
        guard rows.contains(id), let index = dataRows.firstIndex(where: { $0.id == id }) else { return false }
        rows.remove(at: index)
        return true
    }

    mutating func insertRow(_ record: ContactRecord, at index: Int) {
        rows.insert(record, at: index)
    }

    /// Changes the filter with the search index at hand.
    mutating func updateFilter(_ change: (inout RowFilter, SearchIndex) -> Void) {
        rows.updateFilter(change)
    }

    mutating func clampSelection() {
        viewport.clamp(shownCount: shownCount, hasDivider: hasOrgDivider)
    }

    mutating func scrollToSelection() {
        viewport.scroll(shownCount: shownCount, hasDivider: hasOrgDivider)
    }
}
