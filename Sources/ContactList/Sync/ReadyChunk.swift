/// Rows the replica kept ready, read together, with their text already folded for `/`: a start
/// reads and folds its chunks on other threads, and the list takes each row's folded bytes as
/// they are (`ContactListModel.showCachedRows(_:age:)`).
///
/// A chunk read from rows one by one holds them made (`ReadyRow`). A part of the replica's
/// snapshot holds no record at all, only each row's id key and where its bytes are: the list
/// makes each record as it takes it, on its own thread, so that no string made on a reading
/// thread is retained and released again on the list's (most of the list's time at a start,
/// "Sync down" in docs/BENCHMARKS.md).
public struct ReadyChunk: Sendable {
    /// The rows made; empty for a snapshot part's.
    private let made: [ReadyRow]
    /// A snapshot part's bytes, and each row's id key and its bytes' span in them (start and
    /// end in one word); nil and empty for rows made.
    private let snapshot: SnapshotBytes?
    private let keys: [RecordIDKey]
    private let spans: [UInt64]
    /// A snapshot part's rows' type (a query lists one object), and the rows of any other.
    private let objectType: String
    private let otherTypes: [Int: String]
    /// The rows' folded text, row for row; nil when the list folds each row as it takes it.
    private(set) var index: SearchIndex?
    /// The widest value of each column among the rows, in cells; nil when the list measures
    /// each row as it takes it.
    let widths: [Int]?

    private init(made rows: [ReadyRow], index: SearchIndex?) {
        made = rows
        snapshot = nil
        keys = []
        spans = []
        objectType = ""
        otherTypes = [:]
        self.index = index
        widths = nil
    }

    /// Folds `rows`, kept in `format`, for `/` (on the calling thread).
    public init(_ rows: [ReadyRow], format: ReadyRowFormat) {
        var index = SearchIndex(stride: format.columns.count)
        for row in rows { index.append(row.record, folded: row.folded) }
        self.init(made: rows, index: index)
    }

    /// `rows` as they are, to be folded and measured by the list as it takes them.
    init(unfolded rows: [ReadyRow]) {
        self.init(made: rows, index: nil)
    }

    /// The number of rows.
    public var count: Int { snapshot == nil ? made.count : keys.count }

    /// The id key of the row at `index`.
    func key(at index: Int) -> RecordIDKey {
        snapshot == nil ? RecordIDKey(made[index].record.id) : keys[index]
    }

    /// The record of the row at `index`: a snapshot's is made here, its text left in the bytes.
    func record(at index: Int) -> ContactRecord {
        guard let snapshot else { return made[index].record }
        let span = spans[index]
        return ContactRecord(
            id: keys[index].id, objectType: otherTypes.isEmpty ? objectType : otherTypes[index] ?? objectType,
            snapshotRow: SnapshotRow(
                rows: snapshot, start: UInt32(truncatingIfNeeded: span >> 32), end: UInt32(truncatingIfNeeded: span)))
    }

    /// The widths and folded text of `record`, the row at `index`, for a list that measures and
    /// folds it: a snapshot's read from its bytes, with no record made again.
    func measures(of record: ContactRecord, at index: Int) -> (widths: ReadyRow.Widths, folded: [String?]?) {
        let row = snapshot == nil ? made[index] : ReadyRow(snapshot: record)
        return (row.widths, row.folded)
    }

    /// The chunk without its folded text, once the list took it: what a sync keeps of the
    /// rows shown until its answers need their places.
    public func droppingFoldedText() -> ReadyChunk {
        var chunk = self
        chunk.index = nil
        return chunk
    }

    /// The rows, made (a snapshot's records made anew, each reading its text from the bytes).
    public var rows: [ReadyRow] {
        snapshot == nil ? made : (0..<count).map { ReadyRow(snapshot: record(at: $0)) }
    }

    /// The `count` rows of a part of the replica's snapshot of a list (each row its length, 4
    /// bytes little-endian, then its bytes in `format`), read on the calling thread: each row is
    /// checked, its id key made and its folded text and widths taken, while its text stays in
    /// the part's bytes (`SnapshotBytes`). Nil when the part does not read so.
    public init?(snapshotPart part: UnsafeRawBufferPointer, count: Int, format: ReadyRowFormat) {
        guard count > 0, !format.columns.isEmpty, part.count <= UInt32.max else { return nil }
        let snapshot = SnapshotBytes(bytes: Array(part), format: format)
        var keys: [RecordIDKey] = []
        var spans: [UInt64] = []
        keys.reserveCapacity(count)
        spans.reserveCapacity(count)
        var index = SearchIndex(stride: format.columns.count)
        index.reserveCapacity(adding: count, bytesPerRow: part.count / count)
        var widths = Array(repeating: 0, count: format.columns.count)
        var objectType: String?
        var otherTypes: [Int: String] = [:]
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
                if let objectType {
                    if !objectType.utf8.elementsEqual(type) {
                        otherTypes[keys.count] = String(decoding: type, as: UTF8.self)
                    }
                } else {
                    objectType = String(decoding: type, as: UTF8.self)
                }
                keys.append(RecordIDKey(bytes: UnsafeRawBufferPointer(rebasing: row[layout.id])))
                spans.append(UInt64(offset) << 32 | UInt64(offset + length))
                offset += length
            }
            return true
        }
        guard read, keys.count == count, let objectType else { return nil }
        made = []
        self.snapshot = snapshot
        self.keys = keys
        self.spans = spans
        self.objectType = objectType
        self.otherTypes = otherTypes
        self.index = index
        self.widths = widths
    }
}
