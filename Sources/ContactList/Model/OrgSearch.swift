import RestCore

/// The org-wide search of the filter's text, beside the filter of the loaded rows: the request
/// waiting for a pause in typing or in flight, and the rows it found that no page had loaded.
///
/// Those rows are ordinary rows of `dataRows` (so Enter, `d` and the rest act on them as on any
/// other): the last `rowCount` of them, shown after the filter's matches under a divider.
public struct OrgSearch: Hashable, Sendable {
    /// The search waiting for the pause in typing, or in flight; nil when none is.
    var requestID: RestRequestID?
    /// The text the rows shown were found for; nil before an answer.
    public internal(set) var answeredText: String?
    /// How many rows at the end of `dataRows` the search added.
    public internal(set) var rowCount = 0
    /// Whether the answer held as many records as a search returns (`SOSLText.limit`): then more
    /// records in the org match than were found.
    public internal(set) var wasCut = false

    /// Whether a search is waiting or in flight.
    public var isSearching: Bool { requestID != nil }
}
