import Foundation
import RestCore

/// The names the extensions and the views use for the state the parts hold, grouped by part,
/// so that each reads as before while the part keeps its invariant: what must change together
/// (a row and its index, a pending entry) changes only through the part's own methods.
extension ContactListModel {
    // MARK: - LoadedRows

    /// The loaded records, in display order (without rows whose delete is pending).
    public var dataRows: [ContactRecord] { rows.records }
    /// The filter of the rows; nil when none is set.
    public var filter: RowFilter? { rows.filter }
    /// The org search of the filter's text and the rows it added.
    public internal(set) var orgSearch: OrgSearch {
        get { rows.orgSearch }
        set { rows.orgSearch = newValue }
    }
    public var contentWidths: [Int] { rows.contentWidths }
    /// Whether the list shows the divider above the org search's rows (it takes one line).
    public var hasOrgDivider: Bool { rows.hasOrgDivider }
    /// The shown rows before the divider: the loaded rows the filter matches.
    public var localMatchCount: Int { rows.localMatchCount }

    // MARK: - QueryRun

    public var query: String { run.query }
    /// The object the list shows (`Contact`), as the query names it.
    public var searchedObjectName: String { run.searchedObject }
    public var batchSize: Int { run.batchSize }
    public internal(set) var columns: [Column] {
        get { run.columns }
        set { run.columns = newValue }
    }
    public var rowsAreRecords: Bool { run.rowsAreRecords }
    public internal(set) var sort: ColumnSort? {
        get { run.sort }
        set { run.sort = newValue }
    }
    public internal(set) var totalSize: Int {
        get { run.totalSize }
        set { run.totalSize = newValue }
    }

    // MARK: - PendingChanges

    /// The deletes in flight, keyed by the DELETE request's own id.
    public var deleteRequests: [RestRequestID: DeletedItemInfo] { changes.deletes }
    /// The field updates in flight, keyed by the PATCH request's own id.
    public var updateRequests: [RestRequestID: FieldUpdate] { changes.updates }
    /// Ids of records whose delete the server confirmed: they never come back.
    public var confirmedDeletedIDs: Set<String> { changes.confirmedDeletedIDs }

    // MARK: - Viewport

    public internal(set) var selection: Int {
        get { viewport.selection }
        set { viewport.selection = newValue }
    }
    public internal(set) var scrollOffset: Int {
        get { viewport.scrollOffset }
        set { viewport.scrollOffset = newValue }
    }
    public internal(set) var columnCursor: Int {
        get { viewport.columnCursor }
        set { viewport.columnCursor = newValue }
    }
    /// Rows the list area shows; set by the view on every layout, which scrolls the selection in.
    public var visibleRowCount: Int {
        get { viewport.visibleRowCount }
        set {
            viewport.visibleRowCount = newValue
            scrollToSelection()
        }
    }
    /// Whether the terminal is under the minimum size; set by the runner on every layout.
    public var isTerminalTooSmall: Bool {
        get { viewport.isTerminalTooSmall }
        set { viewport.isTerminalTooSmall = newValue }
    }
    public internal(set) var helpScrollOffset: Int {
        get { viewport.helpScrollOffset }
        set { viewport.helpScrollOffset = newValue }
    }
    public internal(set) var alertScrollOffset: Int {
        get { viewport.alertScrollOffset }
        set { viewport.alertScrollOffset = newValue }
    }
    public internal(set) var marks: [String: ContactRecord] {
        get { viewport.marks }
        set { viewport.marks = newValue }
    }
    public internal(set) var spinnerFrame: Int {
        get { viewport.spinnerFrame }
        set { viewport.spinnerFrame = newValue }
    }

    // MARK: - Modes

    public internal(set) var mode: ContactListMode {
        get { modes.mode }
        set { modes.mode = newValue }
    }
    public internal(set) var modal: ContactListModal? {
        get { modes.modal }
        set { modes.modal = newValue }
    }
    public internal(set) var isEditingFilter: Bool {
        get { modes.isEditingFilter }
        set { modes.isEditingFilter = newValue }
    }
    public internal(set) var filterField: TextField {
        get { modes.filterField }
        set { modes.filterField = newValue }
    }
    public var queryHistory: [String] {
        get { modes.queryHistory }
        set { modes.queryHistory = newValue }
    }
    public internal(set) var isWaitingToQuit: Bool {
        get { modes.isWaitingToQuit }
        set { modes.isWaitingToQuit = newValue }
    }

    // MARK: - Notices

    public internal(set) var statusMessage: String {
        get { notices.statusMessage }
        set { notices.statusMessage = newValue }
    }
    public internal(set) var messages: MessageLog {
        get { notices.messages }
        set { notices.messages = newValue }
    }
    public internal(set) var alerts: [Alert] {
        get { notices.alerts }
        set { notices.alerts = newValue }
    }
    public var failedChangeCount: Int { notices.failedChangeCount }
    public var alertEntryCount: Int { notices.alertEntryCount }
    /// The clock messages are stamped with; tests set their own.
    public var now: @Sendable () -> Date {
        get { notices.now }
        set { notices.now = newValue }
    }
}
