/// A row of the list as the local replica keeps it ready (`ReadyRowFormat`): the record as the
/// list shows it, its values of the query's ORDER BY fields (where a synced row's place is
/// decided), and what a start would otherwise work out for each value again: its width on
/// screen and, when it is not ASCII, its folded text for `/`.
///
/// A start makes 100,000 of them: the widths of up to eight columns and a single ORDER BY value
/// are kept inline, so that a row costs no allocation for them.
public struct ReadyRow: Sendable {
    /// Each value's cells on screen, up to `ColumnLayout.measuredCap`: a byte each, the first
    /// eight in one word, the rest in an array.
    struct Widths: Sendable {
        private var packed: UInt64 = 0
        private var more: [UInt8] = []
        private(set) var count = 0

        mutating func append(_ width: UInt8) {
            if count < 8 { packed |= UInt64(width) << (8 * count) } else { more.append(width) }
            count += 1
        }

        subscript(column: Int) -> UInt8 {
            column < 8 ? UInt8(truncatingIfNeeded: packed >> (8 * column)) : more[column - 8]
        }
    }

    public let record: ContactRecord
    /// What the row keeps besides its record; nil for a row kept in the replica's snapshot,
    /// whose record reads all of it from the snapshot's bytes (`SnapshotRow`).
    private let made: Made?

    private struct Made: Sendable {
        /// The first ORDER BY value, and the others.
        let firstOrderValue: RowOrder.SortValue?
        let moreOrderValues: [RowOrder.SortValue]
        /// Each value's width on screen.
        let widths: Widths
        /// Each value's folded text when it is not ASCII (`SearchIndex.folded`); nil when none is.
        let folded: [String?]?
    }

    init(
        record: ContactRecord, firstOrderValue: RowOrder.SortValue?, moreOrderValues: [RowOrder.SortValue],
        widths: Widths, folded: [String?]?
    ) {
        self.record = record
        made = Made(
            firstOrderValue: firstOrderValue, moreOrderValues: moreOrderValues, widths: widths, folded: folded)
    }

    init(record: ContactRecord, orderValues: [RowOrder.SortValue], widths: [UInt8], folded: [String?]?) {
        var packed = Widths()
        for width in widths { packed.append(width) }
        self.init(
            record: record, firstOrderValue: orderValues.first, moreOrderValues: Array(orderValues.dropFirst()),
            widths: packed, folded: folded)
    }

    /// A row of the replica's snapshot, `record` read from its bytes (`ContactRecord.snapshotRow`).
    init(snapshot record: ContactRecord) {
        self.record = record
        made = nil
    }

    /// Each value's width on screen.
    var widths: Widths {
        if let made { return made.widths }
        return record.snapshotRow?.widths ?? Widths()
    }

    /// Each value's folded text when it is not ASCII (`SearchIndex.folded`); nil when none is.
    var folded: [String?]? {
        if let made { return made.folded }
        return record.snapshotRow?.folded
    }

    /// The row's values of the query's ORDER BY fields.
    var orderValues: [RowOrder.SortValue] {
        guard let made else { return record.snapshotRow?.orderValues ?? [] }
        return made.firstOrderValue.map { [$0] + made.moreOrderValues } ?? []
    }

    /// The row's place in the query's order (`RowOrder.precedes`).
    var orderKey: RowOrder.Key { RowOrder.Key(id: record.id, values: orderValues) }
}
