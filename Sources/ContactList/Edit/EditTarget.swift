/// What `e` was pressed on: the record and the field path, captured at the key, so that the
/// editor opens on them when the describe arrives, whatever moved meanwhile.
public struct EditTarget: Hashable, Sendable {
    /// The record edited.
    public let record: ContactRecord
    /// The field's path as the column or the detail line names it (`Email`, `Account.Name`).
    public let path: String
    /// Whether it edits a line of the detail view (else the selected row of the list).
    public let inDetail: Bool
}
