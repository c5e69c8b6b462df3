/// How `s` sorted the list: by one column, up or down, on the server.
///
/// Salesforce puts empty values first going up and last going down (`NULLS FIRST` is the
/// default of `ASC`, `NULLS LAST` of `DESC`), so the statement sent need not say it.
public struct ColumnSort: Hashable, Sendable {
    /// An index into `ContactListModel.columns`.
    public var column: Int
    public var descending: Bool

    /// The marker the column's heading shows.
    public var marker: String { descending ? "▼" : "▲" }
}
