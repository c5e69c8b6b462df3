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
        /// The first page of the query; `generation` tells a refresh from the one it replaced.
        /// `merging`: a restart after an expired cursor, whose rows join those shown.
        case firstPage(generation: Int, merging: Bool)
        case nextPage(generation: Int)
        case delete
        /// Reading back the record of a DELETE that got no answer, keyed to its `deleteRequests` entry.
        case reconcileDelete(deleteID: RestRequestID)
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
        /// The org search of the filter's text `text`.
        case search(text: String)
        /// Reading a record back after a save, for the values the org computed (Name, formulas,
        /// LastModifiedDate).
        case readAfterSave(recordID: String, sequence: Int)
    }

    public let query: String
    /// The query's FROM object, which the org search returns (`SOSLText`), read once.
    let searchedObject: String
    public let batchSize: Int
    /// The columns shown; their titles take the org's spelling of the fields once a page shows it.
    public internal(set) var columns: [Column]
    /// The org's instance URL, from which `o` derives a record's Lightning page; set by the runner.
    public var instanceURL: String?
    /// Where the data comes from, for the header (the host; the header adds the API version in use).
    public var origin: String

    /// The loaded records, in display order (without rows whose delete is pending).
    public internal(set) var dataRows: [ContactRecord] = []
    /// The deletes in flight, keyed by the DELETE request's own id (a bulk delete gives each of its
    /// records an id of its own, so that each result settles its own row).
    public internal(set) var deleteRequests: [RestRequestID: DeletedItemInfo] = [:]
    /// The field updates in flight, keyed by the PATCH request's own id.
    public internal(set) var updateRequests: [RestRequestID: FieldUpdate] = [:]
    /// The window that holds the keys over the list or the detail, if any (`ContactListModal`).
    public internal(set) var modal: ContactListModal?
    /// Each object type's fields as its describe says, fetched on the first `e`.
    var objectFields: [String: ObjectFields] = [:]
    /// The server's values of fields with updates in flight, put back when the last one fails.
    var confirmedFieldValues: [FieldKey: String] = [:]
    var nextUpdateSequence = 0
    /// The latest save of each record whose read-back was asked for: an older read-back that
    /// arrives after it is ignored, so a late answer never shows an earlier value.
    var latestReadAfterSave: [String: Int] = [:]
    /// The column under the column cursor, an index into `columns`; it starts on the first.
    public internal(set) var columnCursor = 0
    /// The order `s` sorted the rows in; nil while they come in the query's own order.
    public internal(set) var sort: ColumnSort?
    /// The query's own top-level ORDER BY, when it leads with a visible column (`shownSort`).
    let querySort: ColumnSort?
    /// The order asked for with `s` whose first page is awaited, and that page's generation.
    var pendingSort: (order: ColumnSort, generation: Int)?
    /// The selected position in the shown rows (`shownCount`).
    public internal(set) var selection = 0
    /// The first shown position drawn.
    public internal(set) var scrollOffset = 0
    /// The org's count of records the query matches: the latest page's, less the deletes
    /// confirmed since the query ran.
    public internal(set) var totalSize = 0
    /// Deletes confirmed since the query last ran, which its later pages still count.
    var deletedSinceQueryRan = 0
    /// The pages of a refresh kept aside until they reach the selected record.
    var refreshStaging: RefreshStaging?
    /// Set while staged pages are applied, so that applying them asks for no page.
    var isReplayingStagedPages = false
    /// Moves down typed past the last row while its next page loaded, applied when it arrives.
    var queuedMoveDown = 0
    /// The last thing worth telling the user; each new one is kept in `messages` too (`!`).
    public internal(set) var statusMessage = "Loading…" {
        didSet {
            if statusMessage != oldValue { messages.record(statusMessage, at: now()) }
        }
    }
    /// The last messages, whole, newest first: what `!` shows.
    public internal(set) var messages = MessageLog()
    /// The clock messages are stamped with; tests set their own.
    public var now: @Sendable () -> Date = { Date() }
    /// Alerts waiting to be dismissed, the one shown first.
    public internal(set) var alerts: [Alert] = [] {
        didSet {
            // A bulk delete's later refusals join its alert in place: count entries, not alerts.
            let added = alertEntryCount - oldValue.reduce(0) { $0 + $1.entryCount }
            if added > 0 { failedChangeCount += added }
            guard alerts.count > oldValue.count else { return }
            for alert in alerts.suffix(alerts.count - oldValue.count) {
                messages.record(
                    ([alert.title + ": " + alert.message] + alert.details).joined(separator: " "), at: now())
            }
        }
    }
    /// The changes of this session that failed or whose outcome stayed unknown, each reported by
    /// an alert (dismissed or not): the app's exit code is 1 when there are any.
    public internal(set) var failedChangeCount = 0
    /// The failures the waiting alerts report, one per detail line of a bulk delete's alert.
    public var alertEntryCount: Int { alerts.reduce(0) { $0 + $1.entryCount } }
    /// What the screen shows besides the list.
    public internal(set) var mode: ContactListMode = .list
    /// The filter of the rows; nil when none is set.
    public internal(set) var filter: RowFilter?
    /// The org search of the filter's text and the rows it added (`ContactListModel+Search`).
    public internal(set) var orgSearch = OrgSearch()
    /// The rows' text folded for the filter, row for row with `dataRows`.
    var searchIndex: SearchIndex
    /// The widest loaded value of each column, in cells, up to `ColumnLayout.measuredCap`:
    /// what the list's column widths follow, so they change with new pages, never while scrolling.
    public internal(set) var contentWidths: [Int]
    /// The first line of the help shown, when it is taller than the screen.
    public internal(set) var helpScrollOffset = 0
    /// The marked records by id (Space, `*`): marks survive filtering, paging and refreshes.
    public internal(set) var marks: [String: ContactRecord] = [:]
    /// The first line of the alert shown, when it is taller than the screen.
    public internal(set) var alertScrollOffset = 0
    /// Numbers each bulk delete, so that the refusals of its requests share one alert.
    var nextBulkBatch = 0
    /// What each bulk delete in flight has come to so far, by batch.
    var bulkTallies: [Int: BulkDeleteTally] = [:]
    /// Whether keys go to the filter's text.
    public internal(set) var isEditingFilter = false
    /// Whether the user asked to quit while changes were in flight: the app quits when they settle.
    public internal(set) var isWaitingToQuit = false
    /// The filter's text and cursor as it is edited.
    public internal(set) var filterField = TextField()
    /// Advances while something is in flight, for the spinner.
    public internal(set) var spinnerFrame = 0

    /// Ids of records whose delete the server confirmed: they never come back.
    public internal(set) var confirmedDeletedIDs: Set<String> = []
    /// Ids of `dataRows`, to never show a record twice.
    var loadedIDs: Set<String> = []
    /// Each record's place in the query's order, as the latest load listed it.
    var queryOrder: [String: Int] = [:]
    var nextQueryOrder = 0
    /// Ids of the rows put back after a failed delete: they lead `dataRows`, in query order.
    var reinstatedIDs: Set<String> = []
    var nextRecordsURL: String?
    /// Set when an expired cursor restarted the query, until a next page of the new cursor
    /// arrives: a second expiry in a row shows the page error instead of restarting again.
    var restartedAfterExpiredCursor = false
    var inFlight: [RestRequestID: Purpose] = [:]
    var generation = 0
    /// Set while the first page waits for the object's describe (`describesBeforeFirstPage`).
    var firstPageAwaitsDescribe = false
    /// The cascading relationships the rows of the query's latest run counted with subqueries;
    /// nil when they were not counted.
    var countedRelationships: [CascadingRelationship]?
    let requests: any ContactRequestFactory
    /// Whether the client's gate refuses every change (`--read-only`): `d`, `e` and marks are
    /// refused at the key, and the key bar and help leave them out.
    public let isReadOnly: Bool
    /// Whether the query's rows are records (`Column.rowsAreRecords`); else they are shown, never changed.
    public let rowsAreRecords: Bool

    /// Rows the list area shows; set by the view on every layout.
    public var visibleRowCount = 10 {
        didSet { scrollToSelection() }
    }
    /// Whether the terminal is under the minimum size, so that only the too-small notice shows
    /// (then no key acts on what cannot be seen); set by the runner on every layout.
    public var isTerminalTooSmall = false

    public init(query: String, batchSize: Int = 2000, origin: String, requests: any ContactRequestFactory) {
        self.query = query
        self.searchedObject = SOSLText.object(ofQuery: query)
        self.batchSize = batchSize
        self.columns = Column.visibleColumns(ofQuery: query)
        self.rowsAreRecords = Column.rowsAreRecords(ofQuery: query)
        self.searchIndex = SearchIndex(stride: columns.count)
        self.querySort = Self.querySort(of: query, columns: columns)
        self.contentWidths = Array(repeating: 0, count: columns.count)
        self.origin = origin
        self.requests = requests
        // The gate decides; a DELETE it refuses means every change is refused.
        let probe = requests.requestForDelete(
            withObjectType: "Contact", objectId: "003000000000000AAA", apiVersion: nil)
        self.isReadOnly = !requests.allowsSending(probe)
    }

    /// Whether a page is being fetched.
    public var isLoading: Bool {
        firstPageAwaitsDescribe
            || inFlight.values.contains {
                switch $0 {
                case .firstPage(let generation, _), .nextPage(let generation): return generation == self.generation
                case .delete, .reconcileDelete, .retrieve, .bulkDelete, .reconcileBulkDelete, .describe, .update,
                    .reconcileUpdate, .search, .readAfterSave:
                    return false
                }
            }
    }

    /// Whether something is under way that a spinner should show (the runner ticks meanwhile).
    public var needsAnimation: Bool {
        if isLoading || !deleteRequests.isEmpty || !updateRequests.isEmpty || orgSearch.isSearching { return true }
        if case .detail(let detail) = mode, detail.content == .loading { return true }
        return false
    }

    /// The effects that start the app: the first page of the query.
    public mutating func start() -> [ContactListEffect] {
        if describesBeforeFirstPage { return describeBeforeFirstPage() }
        return sendFirstPage()
    }

    /// The first page of the query, with its dependents counted.
    mutating func sendFirstPage() -> [ContactListEffect] {
        let request = requests.request(forQuery: countingDependents(query), apiVersion: nil, batchSize: batchSize)
        inFlight[request.id] = .firstPage(generation: generation, merging: false)
        return [.send(request)]
    }

    /// Advances the spinner; the runner calls it while `needsAnimation`.
    public mutating func tick() {
        spinnerFrame &+= 1
    }

    // MARK: - Shown rows

    /// The number of rows shown: all loaded rows, or those the filter matches and then the
    /// rows the org search found.
    public var shownCount: Int { filter == nil ? dataRows.count : localMatchCount + orgSearch.rowCount }

    /// The index in `dataRows` of a shown position.
    public func dataIndex(ofShown position: Int) -> Int {
        guard let filter else { return position }
        let local = localMatchCount
        return position < local ? filter.matches[position] : orgRowsStart + position - local
    }

    /// The record at a shown position.
    public func shownRecord(at position: Int) -> ContactRecord {
        dataRows[dataIndex(ofShown: position)]
    }

    /// The selected record, if any row is shown.
    public var selectedRecord: ContactRecord? {
        selection < shownCount ? shownRecord(at: selection) : nil
    }

    // MARK: - Row bookkeeping shared by loads, deletes and rollbacks

    mutating func removeRow(at index: Int) {
        if index >= orgRowsStart { orgSearch.rowCount -= 1 }
        let record = dataRows.remove(at: index)
        loadedIDs.remove(record.id)
        reinstatedIDs.remove(record.id)
        searchIndex.remove(at: index)
        filter?.removed(at: index)
    }

    mutating func insertRow(_ record: ContactRecord, at index: Int) {
        dataRows.insert(record, at: index)
        loadedIDs.insert(record.id)
        searchIndex.insert(record, at: index)
        updateFilter { $0.inserted(at: index, index: $1) }
    }

    /// Appends a loaded row, measuring its values for the column widths.
    mutating func appendRow(_ record: ContactRecord) {
        dataRows.append(record)
        searchIndex.append(record)
        for column in contentWidths.indices {
            contentWidths[column] = max(contentWidths[column], ColumnLayout.measure(record.value(at: column)))
        }
    }

    /// Changes the filter with the search index at hand (the filter is moved out
    /// meanwhile, so its matches are not copied).
    mutating func updateFilter(_ change: (inout RowFilter, SearchIndex) -> Void) {
        guard var current = filter else { return }
        filter = nil
        change(&current, searchIndex)
        filter = current
    }

    mutating func clampSelection() {
        selection = shownCount == 0 ? 0 : min(max(selection, 0), shownCount - 1)
        scrollToSelection()
    }

    mutating func scrollToSelection() {
        let rows = max(visibleRowCount - (hasOrgDivider ? 1 : 0), 1)
        if selection < scrollOffset { scrollOffset = selection }
        if selection >= scrollOffset + rows { scrollOffset = selection - rows + 1 }
        scrollOffset = max(0, min(scrollOffset, max(0, shownCount - rows)))
    }
}
