/// Rows the replica kept ready (`ReadyRow`), read together, with their text already folded for
/// `/`: a start reads and folds its chunks on other threads, and the list takes each row's
/// folded bytes as they are (`ContactListModel.showCachedRows(_:age:)`).
public struct ReadyChunk: Sendable {
    public let rows: [ReadyRow]
    /// The rows' folded text, row for row with `rows`.
    let index: SearchIndex

    /// Folds `rows`, kept in `format`, for `/` (on the calling thread).
    public init(_ rows: [ReadyRow], format: ReadyRowFormat) {
        var index = SearchIndex(stride: format.columns.count)
        for row in rows { index.append(row.record, folded: row.folded) }
        self.rows = rows
        self.index = index
    }
}
