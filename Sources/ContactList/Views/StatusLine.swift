/// The status line: loaded / total, pending deletes with a spinner, the filter, the last message.
package struct StatusLine: Widget {
    var model: ContactListModel

    /// The most cells of the filter's text the status line shows.
    static let queryWidth = 20

    package init(model: ContactListModel) {
        self.model = model
    }

    /// The text of the status line.
    package var text: String {
        // The org search's rows are not counted as loaded: no page brought them.
        let loaded = model.rows.orgRowsStart
        // Rows from the local replica have no org count yet: the first page brings it.
        var parts: [String]
        switch model.run.cachedRowsStatus {
        case .cached, .offline: parts = ["\(loaded) cached"]
        case .none, .synced, .replicating: parts = ["\(loaded) of \(model.run.totalSize) loaded"]
        }
        let spinner = Spinner.frame(model.viewport.spinnerFrame)
        if let filter = model.filter, !filter.query.isEmpty {
            // A long query is cut short so that the count after it stays in view.
            let query = DisplayWidth.truncate(filter.query, toWidth: Self.queryWidth)
            let matches = model.localMatchCount
            parts.append("/\(query): \(matches) match\(matches == 1 ? "" : "es")")
            if model.rows.orgSearch.isSearching {
                parts.append("\(spinner) searching the org")
            } else if model.rows.orgSearch.answeredText != nil {
                parts.append(
                    model.rows.orgSearch.wasCut
                        ? "\(model.rows.orgSearch.rowCount) more in the org, cut at \(SOSLText.limit) — refine the text"
                        : "\(model.rows.orgSearch.rowCount) more in the org")
            }
        }
        if !model.viewport.marks.isEmpty { parts.append("\(model.viewport.marks.count) marked") }
        if model.isLoading { parts.append("\(spinner) loading") }
        let pending = model.deleteRequests.count
        if pending > 0 { parts.append("\(spinner) \(pending) delete\(pending == 1 ? "" : "s") pending") }
        let updates = model.updateRequests.count
        if updates > 0 { parts.append("\(spinner) \(updates) update\(updates == 1 ? "" : "s") pending") }
        if !model.notices.statusMessage.isEmpty { parts.append(model.notices.statusMessage) }
        return " " + parts.joined(separator: " · ")
    }

    package func render(area: Rect, buffer: inout CellBuffer) {
        let row = area.row(0)
        buffer.fill(row, style: Theme.status)
        buffer.write(text, x: row.x, y: row.y, in: row, style: Theme.status)
    }
}
