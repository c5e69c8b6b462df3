/// Rows the replica kept ready (`ReadyRow`), read together, with their text already folded for
/// `/`: a start reads and folds its chunks on other threads, and the list takes each row's
/// folded bytes as they are (`ContactListModel.showCachedRows(_:age:)`).
public struct ReadyChunk: Sendable {
    public let rows: [ReadyRow]
    /// The rows' folded text, row for row with `rows`.
    let index: SearchIndex
    /// The widest value of each column among the rows, in cells; nil when the list measures
    /// each row as it takes it.
    let widths: [Int]?

    /// Folds `rows`, kept in `format`, for `/` (on the calling thread).
    public init(_ rows: [ReadyRow], format: ReadyRowFormat) {
        var index = SearchIndex(stride: format.columns.count)
        for row in rows { index.append(row.record, folded: row.folded) }
        self.rows = rows
        self.index = index
        widths = nil
    }

    /// The `count` rows of a part of the replica's snapshot of a list (each row its length, 4
    /// bytes little-endian, then its bytes in `format`), read on the calling thread: each row is
    /// checked, its id read and its folded text and widths taken, while its other text stays in
    /// the part's bytes until it is asked for (`SnapshotBytes`). Nil when the part does not read so.
    public init?(snapshotPart part: UnsafeRawBufferPointer, count: Int, format: ReadyRowFormat) {
        guard count > 0, !format.columns.isEmpty, part.count <= UInt32.max else { return nil }
        let snapshot = SnapshotBytes(bytes: Array(part), format: format)
        var rows: [ReadyRow] = []
        rows.reserveCapacity(count)
        var index = SearchIndex(stride: format.columns.count)
        index.reserveCapacity(adding: count, bytesPerRow: part.count / count)
        var widths = Array(repeating: 0, count: format.columns.count)
        var objectType = ""
        let read = snapshot.bytes.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                guard bytes.count - offset >= 4 else { return false }
                let length = Int(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
                offset += 4
                guard length <= bytes.count - offset else { return false }
                let row = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
                var plain = true
                guard
                    let layout = format.walk(
                        row,
                        { column, facts, text, folded in
                            widths[column] = max(widths[column], Int(facts & ~ReadyRowFormat.foldedFlag))
                            plain =
                                index.appendValue(
                                    UnsafeRawBufferPointer(rebasing: row[text]),
                                    folded: folded.map { UnsafeRawBufferPointer(rebasing: row[$0]) }) && plain
                        })
                else { return false }
                index.endRow(plain: plain)
                let type = UnsafeRawBufferPointer(rebasing: row[layout.type])
                if !objectType.utf8.elementsEqual(type) { objectType = String(decoding: type, as: UTF8.self) }
                let record = ContactRecord(
                    id: String(decoding: UnsafeRawBufferPointer(rebasing: row[layout.id]), as: UTF8.self),
                    objectType: objectType,
                    snapshotRow: SnapshotRow(rows: snapshot, start: UInt32(offset), end: UInt32(offset + length)))
                rows.append(ReadyRow(snapshot: record))
                offset += length
            }
            return true
        }
        guard read, rows.count == count else { return nil }
        self.rows = rows
        self.index = index
        self.widths = widths
    }
}
