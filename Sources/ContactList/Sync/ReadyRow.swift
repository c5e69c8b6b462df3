/// A row of the list as the local replica keeps it ready (`ReadyRowFormat`): the record as the
/// list shows it, its values of the query's ORDER BY fields (where a synced row's place is
/// decided), and what a start would otherwise work out for each value again: its width on
/// screen and, when it is not ASCII, its folded text for `/`.
public struct ReadyRow: Sendable {
    public let record: ContactRecord
    let orderValues: [RowOrder.SortValue]
    /// Each value's cells on screen, up to `ColumnLayout.measuredCap`.
    let widths: [UInt8]
    /// Each value's folded text when it is not ASCII (`SearchIndex.folded`); nil when none is.
    let folded: [String?]?

    /// The row's place in the query's order (`RowOrder.precedes`).
    var orderKey: RowOrder.Key { RowOrder.Key(id: record.id, values: orderValues) }
}
