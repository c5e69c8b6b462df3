import Foundation
import RestCore

/// The model's public reading surface, for the app and the views, where a part's state is read
/// often enough to name it here: the rest is read through the part itself (`model.viewport
/// .selection`, `model.notices.statusMessage`). The setters are those the runner needs: the
/// layout's size and the history file's queries.
extension ContactListModel {
    // MARK: - LoadedRows

    /// The loaded records, in display order (without rows whose delete is pending).
    public var dataRows: [ContactRecord] { rows.records }
    /// The filter of the rows; nil when none is set.
    public var filter: RowFilter? { rows.filter }
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
    public var rowsAreRecords: Bool { run.rowsAreRecords }

    // MARK: - PendingChanges

    /// The deletes in flight, keyed by the DELETE request's own id.
    public var deleteRequests: [RestRequestID: DeletedItemInfo] { changes.deletes }
    /// The field updates in flight, keyed by the PATCH request's own id.
    public var updateRequests: [RestRequestID: FieldUpdate] { changes.updates }
    /// Ids of records whose delete the server confirmed: they never come back.
    public var confirmedDeletedIDs: Set<String> { changes.confirmedDeletedIDs }
    /// Whether each change is also returned as `recordChange`/`forgetChange` effects, for the
    /// runner's durable outbox; off unless the runner keeps one.
    public var journalsChanges: Bool {
        get { changes.isJournaled }
        set { changes.isJournaled = newValue }
    }

    // MARK: - Viewport

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

    // MARK: - Notices

    public var failedChangeCount: Int { notices.failedChangeCount }
    public var alertEntryCount: Int { notices.alertEntryCount }
    /// The clock messages are stamped with; tests set their own.
    public var now: @Sendable () -> Date {
        get { notices.now }
        set { notices.now = newValue }
    }

    // MARK: - Modes

    /// The queries run before, newest first, for the query bar's ↑; the runner sets them at start.
    public var queryHistory: [String] {
        get { modes.queryHistory }
        set { modes.queryHistory = newValue }
    }
}
