import RestCore

/// Something the model asks its runner to do.
public enum ContactListEffect: Sendable {
    /// Send the request and report its outcome with `ContactListModel.handle(response:for:)`.
    case send(RestRequest)
    /// Send the request once `delay` has passed without a `.cancel` naming it, then report its
    /// outcome as `.send` does: how a search waits for the user to pause typing.
    case sendAfter(RestRequest, delay: Duration)
    /// Cancel a request of `.sendAfter`, waiting or in flight, or a bulk read (`.readBulk`, whose
    /// job the runner then aborts at the org); its outcome, if any, is ignored.
    case cancel(RestRequestID)
    /// Leave the app.
    case quit
    /// Open the URL in a browser: `$BROWSER`, else (when `allowsDefaultBrowser`) `xdg-open`;
    /// with neither, tell the user the URL with `ContactListModel.showNotice`.
    case open(url: String, allowsDefaultBrowser: Bool)
    /// Put the text on the terminal's clipboard (`ClipboardSequence`).
    case copy(String)
    /// Keep the query in the history file (`:`), run or refused.
    case rememberQuery(String)
    /// Write the change to the durable outbox before performing the effects after it (its request
    /// is among them). Only while `journalsChanges` is on.
    case recordChange(DurableChange)
    /// The change of this request settled: remove it from the outbox.
    case forgetChange(RestRequestID)
    /// Keep these rows of the list in the local replica. Only while `keepsRows` is on.
    case keepRows(KeptRows)
    /// The org confirmed these records deleted: take them out of the replica's list of `query` at
    /// once, so that a start before the next sync (offline) does not show them. Only while
    /// `keepsRows` is on.
    case forgetRows(query: String, ids: [String])
    /// Write records to a file as `list` writes them (`w`), and report how it ended with
    /// `ContactListModel.settleExport`.
    case export(RecordExport)
    /// Keep how the columns of the list of `query` are arranged (`-`, `+`, `<`, `>`).
    case rememberColumns(query: String, ColumnSettings)
    /// Read `soql` through a Bulk API 2.0 query job and report each piece as a page with
    /// `ContactListModel.handle(bulkPage:for:)` under `id`: a large list's first sync. The
    /// first page's count (`expectedRecords`) lets the polls follow the job's pace.
    case readBulk(soql: String, expectedRecords: Int, id: RestRequestID)
}
