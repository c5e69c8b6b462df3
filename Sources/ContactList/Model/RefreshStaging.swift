import RestCore

/// The pages of a refresh read before the selected record shows up in them: kept aside, the old
/// rows still shown, and applied together once a page lists the selected record, the query ends,
/// or as many rows were read as were loaded before (the selection then goes to its nearest
/// neighbour still listed).
struct RefreshStaging: Sendable {
    var pages: [QueryResult] = []
    var rows = 0
    /// The selected record's id.
    let selectedIDs: Set<String>
    /// The most rows read before giving up on finding them: those loaded before, and a page more.
    let limit: Int
}
