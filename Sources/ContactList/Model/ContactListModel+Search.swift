import RestCore

/// The org search: while pages remain to load, the filter's text also searches the whole org
/// with SOSL, once the user pauses typing, and the records found that no page loaded are shown
/// after the filter's matches, under a divider.
extension ContactListModel {
    /// How long the filter's text must stay unchanged before the org is searched.
    static let orgSearchDelay: Duration = .milliseconds(200)

    /// The filter's text changed: the previous search's rows go, its request is cancelled, and
    /// a search of the new text waits for the pause in typing. Nothing is searched when every
    /// record is loaded already, or when the text is too short for SOSL.
    mutating func searchOrg(for text: String) -> [ContactListEffect] {
        let effects = cancelOrgSearch()
        dropOrgRows()
        guard run.nextRecordsURL != nil, rowsAreRecords,
            let sosl = SOSLText.search(for: text, object: run.searchedObject, columns: run.columns)
        else {
            if notices.statusMessage.hasPrefix(Self.searchFailurePrefix) { notices.statusMessage = "" }
            return effects
        }
        let request = requests.request(forSearch: sosl, apiVersion: nil)
        inFlight[request.id] = .search(text: text)
        rows.orgSearch.requestID = request.id
        return effects + [.sendAfter(request, delay: Self.orgSearchDelay)]
    }

    /// Leaving the filter: the org search's rows go with it (the list shows the query's rows
    /// again, in its order), and a search waiting or in flight is cancelled.
    mutating func endOrgSearch() -> [ContactListEffect] {
        let effects = cancelOrgSearch()
        dropOrgRows()
        return effects
    }

    private mutating func cancelOrgSearch() -> [ContactListEffect] {
        guard let id = rows.orgSearch.requestID else { return [] }
        rows.orgSearch.requestID = nil
        inFlight[id] = nil
        return [.cancel(id)]
    }

    private mutating func dropOrgRows() {
        while rows.orgSearch.rowCount > 0 { removeRow(at: dataRows.count - 1) }
        rows.orgSearch.answeredText = nil
        rows.orgSearch.wasCut = false
    }

    static let searchFailurePrefix = "Could not search the org: "

    /// Shows what the search of `text` found: the records not loaded already (nor deleted, nor
    /// being deleted) join the end of the rows, in the search's order.
    mutating func applyOrgSearch(_ result: Result<RestResponse, RestClientError>, text: String) {
        rows.orgSearch.requestID = nil
        guard filter?.query == text else { return }
        let found: [JSONValue]
        do throws(RestClientError) {
            // The fast parser, as pages take it; the body is `{"searchRecords":[…]}`.
            let body = try result.get().decode(JSONValue.self)
            guard let records = body["searchRecords"]?.arrayValue else {
                throw RestClientError.decodingFailed("searchRecords: the search's answer lists no records.")
            }
            found = records
        } catch {
            notices.statusMessage = Self.searchFailurePrefix + error.description
            return
        }
        if notices.statusMessage.hasPrefix(Self.searchFailurePrefix) { notices.statusMessage = "" }
        let pendingIDs = changes.pendingDeleteIDs
        let pending = pendingValuesByRecord
        let records = found.compactMap { json in
            // A record with an edit still in flight shows the edit's value, as on a page.
            ContactRecord(json: json, columns: run.columns).flatMap { pendingIDs.contains($0.id) ? nil : $0 }
                .map { withPendingUpdates($0, pending) }
        }
        appendOrgRows(records)
        rows.orgSearch.answeredText = text
        rows.orgSearch.wasCut = found.count >= SOSLText.limit
        clampSelection()
    }

    /// Adds the records not shown yet after the rows, as the org search's rows.
    private mutating func appendOrgRows(_ records: [ContactRecord]) {
        let firstNew = dataRows.count
        for record in records where !confirmedDeletedIDs.contains(record.id) && rows.append(record) {
            rows.orgSearch.rowCount += 1
        }
        updateFilter { $0.appended(from: firstNew, index: $1) }
    }

    /// Takes the org search's rows out while a page is applied, so that the page's rows come
    /// before them.
    mutating func detachOrgRows() -> [ContactRecord] {
        guard rows.orgSearch.rowCount > 0 else { return [] }
        let detached = Array(dataRows[rows.orgRowsStart...])
        let answered = rows.orgSearch.answeredText
        dropOrgRows()
        rows.orgSearch.answeredText = answered
        return detached
    }

    /// Puts back the org search's rows after a page: a record the page loaded shows once, in
    /// the loaded part.
    mutating func reattachOrgRows(_ rows: [ContactRecord]) {
        guard !rows.isEmpty else { return }
        appendOrgRows(rows)
    }
}
