import ContactList
import RestCore

/// What the list shows after deletes have settled, counted against the org's true state read
/// back afterwards: the figures that must all be 0.
package struct DeleteAudit: Sendable, CustomStringConvertible {
    /// Deleted records put back in the list although the org no longer has them.
    package let wronglyReinstated: Int
    /// Rows shown that the org no longer has.
    package let ghosts: Int
    /// Records the org has that the list does not show.
    package let lost: Int
    /// Rows shown more than once.
    package let duplicates: Int
    /// Deletes still waiting for an outcome.
    package let pending: Int

    /// Compares the rows of `model` (every page loaded) with `orgIDs`; `deletedIDs` are the
    /// records the user deleted.
    package init(model: ContactListModel, orgIDs: Set<String>, deletedIDs: Set<String>) {
        let shown = model.dataRows.map(\.id)
        let shownSet = Set(shown)
        wronglyReinstated = deletedIDs.filter { shownSet.contains($0) && !orgIDs.contains($0) }.count
        ghosts = shownSet.subtracting(orgIDs).count
        lost = orgIDs.subtracting(shownSet).count
        duplicates = shown.count - shownSet.count
        pending = model.deleteRequests.count
    }

    /// True when nothing is wrong.
    package var isClean: Bool {
        wronglyReinstated == 0 && ghosts == 0 && lost == 0 && duplicates == 0 && pending == 0
    }

    package var description: String {
        "wrongly reinstated \(wronglyReinstated), ghosts \(ghosts), lost \(lost), duplicates \(duplicates), "
            + "pending \(pending)"
    }

    /// The values of `field` (an Id field) in every record `soql` finds in the org, read page by page.
    package static func ids(
        in client: RestClient, soql: String = "SELECT Id FROM Contact", field: String = "Id"
    ) async throws(RestClientError) -> Set<String> {
        var ids: Set<String> = []
        for try await page in client.pages(forQuery: soql) {
            for record in page.records {
                if let id = record[field]?.stringValue { ids.insert(id) }
            }
        }
        return ids
    }
}
