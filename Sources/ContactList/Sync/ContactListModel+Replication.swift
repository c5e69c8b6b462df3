import RestCore
import SOQL

/// Whole-list replication: while the runner keeps a replica (`keepsRows`), the list's pages go on
/// loading in the background until every row is held, each page kept as the org answered it, and
/// the last one marks the replica's list whole. `/` then covers every row with no org search
/// (`searchOrg` asks the org only while pages remain).
extension ContactListModel {
    /// Whether the list's rows are replicated: a replica is kept, the rows are records of the
    /// query as typed (not a sort's order, the Recycle Bin or a view read through its results).
    var replicatesList: Bool {
        keepsRows && rowsAreRecords && !run.readsRecycleBin && run.resultsView == nil && run.sort == nil
    }

    /// The query a page is read with: with `LastModifiedDate` (every PATCH is conditional), and,
    /// while the list is replicated, `SystemModstamp` (where the next sync starts) and the ORDER
    /// BY fields not selected (where a synced row goes).
    func pageQuery(_ soql: String, replicated: Bool? = nil) -> String {
        guard replicated ?? replicatesList, Column.rowsAreRecords(ofQuery: soql) else {
            return Self.readingLastModified(soql)
        }
        // One splice for every field added (the SELECT list parsed once).
        let order = RowOrder(query: soql)?.paths ?? []
        return Self.reading([["LastModifiedDate"], ["SystemModstamp"]] + order, in: soql)
    }

    /// `soql` with each path in its SELECT list that it does not select yet (hidden: the columns
    /// are read from the query as typed).
    static func reading(_ paths: [[String]], in soql: String) -> String {
        guard let list = SelectList(soql: soql, skippingUnknownItems: true), let from = topLevelFromOffset(of: soql)
        else { return soql }
        var added: [String] = []
        for path in paths where !path.isEmpty {
            let selected = list.columns.contains {
                $0.path.count == path.count && zip($0.path, path).allSatisfy { FieldLookup.keyMatches($0, $1) }
            }
            let name = path.joined(separator: ".")
            if !selected, !added.contains(name) { added.append(name) }
        }
        guard !added.isEmpty else { return soql }
        let characters = Array(soql)
        let head = String(characters[..<from]).trimmingTrailingWhitespace()
        return head + ", " + added.joined(separator: ", ") + " " + String(characters[from...])
    }

    /// The page's records for the replica, from list position `firstPosition`; the last page
    /// (`completesList`) makes the list whole there.
    func keptPage(_ records: [JSONValue], firstPosition: Int, completesList: Bool) -> [ContactListEffect] {
        guard replicatesList, !records.isEmpty || firstPosition == 0 else { return [] }
        return [
            .keepRows(
                KeptRows(
                    query: query,
                    change: .page(records: records, firstPosition: firstPosition, completesList: completesList),
                    format: readyRowFormat))
        ]
    }

    /// The header's word on the replication after a page: the progress while pages remain, then
    /// `synced` once the list is whole. A list shown from the replica keeps `cached` until the
    /// org's rows replace it.
    mutating func noteReplicationProgress(replacing: Bool) {
        guard replicatesList else {
            if replacing, run.cachedRowsStatus != .none { run.cachedRowsStatus = .synced }
            return
        }
        if run.nextRecordsURL != nil || readsBulk {
            run.cachedRowsStatus = .replicating(kept: run.listedCount, of: max(run.totalSize, run.listedCount))
        } else {
            run.cachedRowsStatus = .synced
        }
    }
}
