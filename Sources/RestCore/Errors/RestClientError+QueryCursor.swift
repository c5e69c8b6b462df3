extension RestClientError {
    /// Whether the org no longer knows the query cursor of a `nextRecordsUrl` (400
    /// `INVALID_QUERY_LOCATOR`: it expired unused, or too many cursors were open): the query
    /// must run again from its first page.
    public var isExpiredQueryCursor: Bool {
        salesforceErrors.contains { $0.errorCode == Self.invalidQueryLocator }
    }

    static let invalidQueryLocator = "INVALID_QUERY_LOCATOR"
}
