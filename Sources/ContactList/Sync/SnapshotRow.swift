/// A row of `SnapshotBytes`: where its bytes are. They were checked when the rows were read
/// (`ReadyChunk.init(snapshotPart:count:format:)`), so they always read.
struct SnapshotRow: Sendable {
    let rows: SnapshotBytes
    let start: UInt32
    let end: UInt32

    func withBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        rows.bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[Int(start)..<Int(end)])) }
    }

    /// Whether both are the same bytes of the same rows.
    func isSame(as other: SnapshotRow) -> Bool { rows === other.rows && start == other.start }

    /// The text of the column at `column` alone (a screenful draws its values a row at a time).
    func value(at column: Int) -> String {
        withBytes { bytes in
            var text: Range<Int>?
            _ = rows.format.walk(bytes, checksOrder: false) { index, _, range, _ in if index == column { text = range }
            }
            return text.map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) } ?? ""
        }
    }

    /// Every column's text.
    var values: [String] {
        withBytes { bytes in
            var values: [String] = []
            _ = rows.format.walk(bytes, checksOrder: false) { _, _, range, _ in
                values.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self))
            }
            return values
        }
    }

    /// The name shown for the record (a delete's message compares it with every row's).
    var displayName: String {
        withBytes { bytes in
            guard let tail = rows.format.walk(bytes, checksOrder: false, { _, _, _, _ in }) else { return "" }
            switch tail.name {
            case .value(let index): return value(at: index)
            case .text(let range):
                return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
        }
    }

    /// The record's `LastModifiedDate`; nil when it has none.
    var lastModifiedDate: String? {
        withBytes { bytes in
            guard let tail = rows.format.walk(bytes, checksOrder: false, { _, _, _, _ in }), !tail.modified.isEmpty
            else { return nil }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[tail.modified]), as: UTF8.self)
        }
    }

    /// The row's values of the query's ORDER BY fields.
    var orderValues: [RowOrder.SortValue] {
        withBytes { bytes in
            var ranges: [Range<Int>] = []
            guard let tail = rows.format.walk(bytes, checksOrder: false, { _, _, range, _ in ranges.append(range) })
            else { return [] }
            return rows.format.orderValues(in: bytes, from: tail.orderStart) { index in
                index < ranges.count
                    ? String(decoding: UnsafeRawBufferPointer(rebasing: bytes[ranges[index]]), as: UTF8.self) : nil
            } ?? []
        }
    }

    /// Each value's width on screen.
    var widths: ReadyRow.Widths {
        withBytes { bytes in
            var widths = ReadyRow.Widths()
            _ = rows.format.walk(bytes, checksOrder: false) { _, facts, _, _ in
                widths.append(facts & ~ReadyRowFormat.foldedFlag)
            }
            return widths
        }
    }

    /// Each value's folded text when it is not ASCII; nil when none is.
    var folded: [String?]? {
        withBytes { bytes in
            var folded: [String?] = []
            var any = false
            _ = rows.format.walk(bytes, checksOrder: false) { _, _, _, range in
                folded.append(
                    range.map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) })
                any = any || range != nil
            }
            return any ? folded : nil
        }
    }
}
