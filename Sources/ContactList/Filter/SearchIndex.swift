import Glibc

/// The loaded rows' text, folded once for the filter, in one byte buffer.
///
/// Each row's values are folded (`SearchText.fold`) when the row arrives and appended
/// one after another; `valueEnds` says where each value ends, `stride` values a row, in
/// the order of `dataRows`. A keystroke then scans bytes with `memchr` instead of folding
/// strings: a hundred thousand rows cost a few milliseconds. Rows whose folded text is not
/// all ASCII, and queries that are not printable ASCII, are compared as strings through
/// `SearchText.contains`, so what matches is the same either way.
struct SearchIndex: Sendable {
    /// Values a row: the number of columns.
    let stride: Int
    private var bytes: [UInt8] = []
    /// The end in `bytes` of each value (its start is the previous value's end); 32 bits, as a
    /// hundred thousand rows hold a few megabytes of text and this array is half a million long.
    private var valueEnds: [UInt32] = []
    /// Whether each row's folded text is ASCII only.
    private var plainRows: [Bool] = []

    init(stride: Int) {
        self.stride = max(1, stride)
    }

    /// The number of rows.
    var count: Int { plainRows.count }

    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
        valueEnds.removeAll(keepingCapacity: true)
        plainRows.removeAll(keepingCapacity: true)
    }

    /// Adds a row at `row` (a delete rolled back); later rows move up by one.
    mutating func insert(_ record: ContactRecord, at row: Int) {
        guard row < count else { return append(record) }
        var moved = SearchIndex(stride: stride)
        moved.append(record)
        let start = self.start(ofRow: row)
        let length = moved.bytes.count
        bytes.insert(contentsOf: moved.bytes, at: start)
        for index in (row * stride)..<valueEnds.count { valueEnds[index] += UInt32(length) }
        valueEnds.insert(contentsOf: moved.valueEnds.map { $0 + UInt32(start) }, at: row * stride)
        plainRows.insert(moved.plainRows[0], at: row)
    }

    /// Adds a row at the end, its folded values written straight into `bytes` (ASCII is
    /// lower-cased in place, as `SearchText.fold` does, without a string per value). `folded`
    /// holds values folded already (`folded(_:)`, kept by the replica), by column.
    mutating func append(_ record: ContactRecord, folded: [String?]? = nil) {
        var plain = true
        for column in 0..<stride {
            var value = record.value(at: column)
            let isPlain = value.withUTF8 { text in
                guard var kept = folded?[column] else { return appendValue(UnsafeRawBufferPointer(text), folded: nil) }
                return kept.withUTF8 { appendValue(UnsafeRawBufferPointer(text), folded: UnsafeRawBufferPointer($0)) }
            }
            plain = isPlain && plain
        }
        endRow(plain: plain)
    }

    /// Adds a value of a row being added (`append(_:folded:)`, or a start's rows read from the
    /// replica's bytes, `ReadyRowFormat.walk`): ASCII lower-cased in place, as `SearchText.fold`
    /// does, without a string per value; other text as `folded` holds it, else folded here.
    /// Whether it is ASCII once folded. `endRow(plain:)` ends the row once its `stride` values are
    /// added.
    mutating func appendValue(_ text: UnsafeRawBufferPointer, folded: UnsafeRawBufferPointer?) -> Bool {
        let start = bytes.count
        var plain = true
        if !text.contains(where: { $0 >= 0x80 }) {
            bytes.append(contentsOf: text)
            bytes.withUnsafeMutableBufferPointer { all in
                for index in start..<all.count where all[index] &- 0x41 < 26 { all[index] |= 0x20 }
            }
        } else if let folded {
            bytes.append(contentsOf: folded)
            plain = !folded.contains { $0 >= 0x80 }
        } else {
            let folded = SearchText.fold(String(decoding: text, as: UTF8.self))
            bytes += folded.utf8
            plain = folded.utf8.allSatisfy { $0 < 0x80 }
        }
        valueEnds.append(UInt32(bytes.count))
        return plain
    }

    /// Ends a row whose values `appendValue(_:folded:)` added.
    mutating func endRow(plain: Bool) {
        plainRows.append(plain)
    }

    /// Adds row `row` of `other` (of the same stride) at the end, its folded text copied as it
    /// is: a start folds rows where it reads them (`ReadyChunk`), and takes their bytes here.
    mutating func append(row: Int, of other: SearchIndex) {
        let start = other.start(ofRow: row)
        let end = Int(other.valueEnds[(row + 1) * stride - 1])
        let shift = bytes.count - start
        other.bytes.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[start..<end])) }
        for column in (row * stride)..<((row + 1) * stride) {
            valueEnds.append(UInt32(Int(other.valueEnds[column]) + shift))
        }
        plainRows.append(other.plainRows[row])
    }

    /// Makes room for `rows` more rows of about `bytesPerRow` folded bytes each.
    mutating func reserveCapacity(adding rows: Int, bytesPerRow: Int) {
        bytes.reserveCapacity(bytes.count + rows * bytesPerRow)
        valueEnds.reserveCapacity(valueEnds.count + rows * stride)
        plainRows.reserveCapacity(plainRows.count + rows)
    }

    /// The folded bytes a row holds on average; 0 with no row.
    var bytesPerRow: Int { count == 0 ? 0 : bytes.count / count }

    /// The folded text of a value that is not ASCII (`SearchText.fold`); nil for ASCII, which
    /// `append` lower-cases in place.
    static func folded(_ value: String) -> String? {
        value.utf8.allSatisfy { $0 < 0x80 } ? nil : SearchText.fold(value)
    }

    /// Puts `record`'s folded text in place of the row at `row` (an edited field): one splice of
    /// the bytes, and later rows' ends move by the change in length, without removing the row.
    mutating func replace(at row: Int, with record: ContactRecord) {
        var replacement = SearchIndex(stride: stride)
        replacement.append(record)
        let start = self.start(ofRow: row)
        let end = Int(valueEnds[(row + 1) * stride - 1])
        bytes.replaceSubrange(start..<end, with: replacement.bytes)
        for column in 0..<stride { valueEnds[row * stride + column] = replacement.valueEnds[column] + UInt32(start) }
        let change = replacement.bytes.count - (end - start)
        if change != 0 {
            for index in ((row + 1) * stride)..<valueEnds.count {
                valueEnds[index] = UInt32(Int(valueEnds[index]) + change)
            }
        }
        plainRows[row] = replacement.plainRows[0]
    }

    /// Removes the row at `row`; later rows move down by one.
    mutating func remove(at row: Int) {
        let start = self.start(ofRow: row)
        let end = Int(valueEnds[(row + 1) * stride - 1])
        bytes.removeSubrange(start..<end)
        valueEnds.removeSubrange((row * stride)..<((row + 1) * stride))
        for index in (row * stride)..<valueEnds.count { valueEnds[index] -= UInt32(end - start) }
        plainRows.remove(at: row)
    }

    /// The rows among `candidates` (ascending) that match `query`, in order.
    func rows(matching query: SearchQuery, among candidates: some Sequence<Int>) -> [Int] {
        if query.bytes.isEmpty { return Array(candidates) }
        return bytes.withUnsafeBufferPointer { all in
            candidates.filter { matches(row: $0, query: query, in: all) }
        }
    }

    /// Whether the row at `row` matches `query`.
    func matches(row: Int, query: SearchQuery) -> Bool {
        if query.bytes.isEmpty { return true }
        return bytes.withUnsafeBufferPointer { matches(row: row, query: query, in: $0) }
    }

    private func matches(row: Int, query: SearchQuery, in all: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = row * stride
        var start = self.start(ofRow: row)
        if query.isPlain && plainRows[row] {
            // One scan over the row; a hit must lie inside one value.
            let rowEnd = Int(valueEnds[first + stride - 1])
            var from = start
            while let hit = Self.firstHit(of: query.bytes, in: all, from: from, to: rowEnd) {
                var valueStart = start
                for column in first..<(first + stride) {
                    let valueEnd = Int(valueEnds[column])
                    if hit < valueEnd {
                        if hit >= valueStart && hit + query.bytes.count <= valueEnd { return true }
                        break
                    }
                    valueStart = valueEnd
                }
                from = hit + 1
            }
            return false
        }
        for column in first..<(first + stride) {
            let end = Int(valueEnds[column])
            let text = String(decoding: UnsafeBufferPointer(rebasing: all[start..<end]), as: UTF8.self)
            if SearchText.contains(text, query.folded) { return true }
            start = end
        }
        return false
    }

    private func start(ofRow row: Int) -> Int {
        row == 0 ? 0 : Int(valueEnds[row * stride - 1])
    }

    /// The first position in `from..<to` where `needle` (not empty) begins.
    private static func firstHit(of needle: [UInt8], in all: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard let base = all.baseAddress else { return nil }
        let last = to - needle.count
        var position = from
        return needle.withUnsafeBufferPointer { needle in
            while position <= last {
                guard let found = memchr(base + position, Int32(needle[0]), last - position + 1) else { return nil }
                let hit = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                if needle.count == 1 || memcmp(base + hit + 1, needle.baseAddress! + 1, needle.count - 1) == 0 {
                    return hit
                }
                position = hit + 1
            }
            return nil
        }
    }

    /// Whether `needle` occurs in `haystack`, as bytes.
    static func find(_ needle: [UInt8], in haystack: ArraySlice<UInt8>) -> Bool {
        needle.isEmpty
            || haystack.withUnsafeBufferPointer { firstHit(of: needle, in: $0, from: 0, to: $0.count) != nil }
    }
}
