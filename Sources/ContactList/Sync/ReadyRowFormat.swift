import Glibc
import RestCore

/// How the local replica keeps a list's rows ready for the list: each row's columns' text, the
/// name shown for it, its type and `LastModifiedDate`, and its ORDER BY values, in a few bytes,
/// so that a start builds 100,000 rows without parsing their JSON.
///
/// Written by hand, not with a Codable coder: the benchmark of re-opening a list from the
/// replica ("Sync down" in docs/BENCHMARKS.md) spent most of its time reading rows, and a row
/// is read here with one pass over its bytes. The bytes depend on the list's columns and order:
/// `signature` names them, and a replica whose rows were kept under another signature is read
/// from its JSON instead.
public struct ReadyRowFormat: Sendable, Equatable {
    let columns: [Column]
    let order: RowOrder?

    init(columns: [Column], order: RowOrder?) {
        self.columns = columns
        self.order = order
    }

    /// The format of a list of `query`'s own columns (`Column.visibleColumns(ofQuery:)`), as a
    /// list opened by its query has them; a list view's model says its own (`readyRowFormat`).
    public init(query: String) {
        self.init(columns: Column.visibleColumns(ofQuery: query), order: RowOrder(query: query))
    }

    /// The format and the columns it is for, as text kept beside the rows: rows kept under
    /// another signature (other columns, another order, an older format) are not read as ready.
    public var signature: String {
        let columns = columns.map { $0.path.joined(separator: ".") }.joined(separator: ",")
        let ordering = (order?.items ?? []).map {
            $0.path.joined(separator: ".") + ($0.descending ? " desc" : "") + ($0.nullsFirst ? " nulls first" : "")
        }
        return "ready 2 | " + columns + " | " + ordering.joined(separator: ",")
    }

    public static func == (a: ReadyRowFormat, b: ReadyRowFormat) -> Bool { a.signature == b.signature }

    /// A query result's record as the list shows it; nil when it is not a record (no `Id`).
    public func row(of record: JSONValue) -> ReadyRow? {
        guard let contact = ContactRecord(json: record, columns: columns) else { return nil }
        let folded = contact.values.map(SearchIndex.folded)
        return ReadyRow(
            record: contact, orderValues: order.map { $0.key(of: record, id: contact.id).values } ?? [],
            widths: contact.values.map { UInt8(ColumnLayout.measure($0)) },
            folded: folded.contains { $0 != nil } ? folded : nil)
    }

    // MARK: - Bytes

    /// The row's bytes as the replica keeps them: its id and type; each value with its width on
    /// screen and, when it is not ASCII, its folded text (what a start would measure and fold);
    /// the name shown and the ORDER BY text as a reference to a value when they are one; its
    /// `LastModifiedDate`.
    public func bytes(of row: ReadyRow) -> [UInt8] {
        var bytes: [UInt8] = []
        let record = row.record
        bytes.reserveCapacity(64 + record.values.reduce(0) { $0 + $1.utf8.count + 2 })
        Self.append(record.id, to: &bytes)
        Self.append(record.objectType, to: &bytes)
        Self.append(count: record.values.count, to: &bytes)
        for value in record.values {
            let folded = SearchIndex.folded(value)
            bytes.append(UInt8(ColumnLayout.measure(value)) | (folded == nil ? 0 : Self.foldedFlag))
            Self.append(value, to: &bytes)
            if let folded { Self.append(folded, to: &bytes) }
        }
        Self.append(reference: record.displayName, among: record.values, else: record.displayName, to: &bytes)
        Self.append(record.lastModifiedDate ?? "", to: &bytes)
        Self.append(count: row.orderValues.count, to: &bytes)
        for value in row.orderValues {
            switch value {
            case .null: bytes.append(0)
            case .text(let text):
                bytes.append(1)
                Self.append(reference: text, among: record.values, else: text, to: &bytes)
            case .number(let number):
                bytes.append(2)
                withUnsafeBytes(of: number.bitPattern.littleEndian) { bytes.append(contentsOf: $0) }
            case .bool(let value): bytes.append(value ? 4 : 3)
            }
        }
        return bytes
    }

    /// A row from bytes `bytes(of:)` wrote under this format; nil when they are not such bytes
    /// (cut short, or another format's), so a damaged row is read from its JSON instead.
    /// `objectType` is the type of the row read before, whose text a row of the same type shares.
    public func row(from bytes: UnsafeRawBufferPointer, objectType: String? = nil) -> ReadyRow? {
        var reader = Reader(bytes: bytes)
        guard let id = reader.text(), !id.isEmpty, let type = reader.text(sameAs: objectType),
            let count = reader.count(), count == columns.count
        else { return nil }
        var values: [String] = []
        values.reserveCapacity(count)
        // Widths and a single order value are kept inline (`ReadyRow`): no array for them.
        var widths = ReadyRow.Widths()
        var folded: [String?]?
        for column in 0..<count {
            guard let facts = reader.byte(), let value = reader.text() else { return nil }
            values.append(value)
            widths.append(facts & ~Self.foldedFlag)
            if facts & Self.foldedFlag != 0 {
                guard let text = reader.text() else { return nil }
                if folded == nil { folded = Array(repeating: nil, count: count) }
                folded?[column] = text
            }
        }
        guard let name = reader.reference(among: values), let modified = reader.text(),
            let orderCount = reader.count(), orderCount == (order?.items.count ?? 0)
        else { return nil }
        var firstOrderValue: RowOrder.SortValue?
        var moreOrderValues: [RowOrder.SortValue] = []
        for index in 0..<orderCount {
            guard let value = reader.sortValue(among: values) else { return nil }
            if index == 0 { firstOrderValue = value } else { moreOrderValues.append(value) }
        }
        guard reader.isAtEnd else { return nil }
        var record = ContactRecord(id: id, objectType: type, displayName: name, values: values)
        record.lastModifiedDate = modified.isEmpty ? nil : modified
        return ReadyRow(
            record: record, firstOrderValue: firstOrderValue, moreOrderValues: moreOrderValues, widths: widths,
            folded: folded)
    }

    /// The flag of a value's facts byte saying its folded text follows (its width is below it).
    static let foldedFlag: UInt8 = 0x80

    /// `text` as the index of the value it equals, plus one; else 0 and `text` itself.
    private static func append(reference text: String, among values: [String], else: String, to bytes: inout [UInt8]) {
        if let index = values.firstIndex(of: text) {
            append(count: index + 1, to: &bytes)
        } else {
            bytes.append(0)
            append(text, to: &bytes)
        }
    }

    private static func append(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { utf8 in
            append(count: utf8.count, to: &bytes)
            bytes.append(contentsOf: utf8)
        }
    }

    /// A count as LEB128: one byte below 128, as most of a row's lengths are.
    private static func append(count: Int, to bytes: inout [UInt8]) {
        var rest = UInt(count)
        while rest >= 0x80 {
            bytes.append(UInt8(rest & 0x7F) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Reads `bytes(of:)`'s parts in order; each read is nil past the end.
    struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func count() -> Int? {
            var value = 0
            var shift = 0
            while offset < bytes.count, shift < 63 {
                let byte = bytes[offset]
                offset += 1
                value |= Int(byte & 0x7F) << shift
                if byte < 0x80 { return value }
                shift += 7
            }
            return nil
        }

        mutating func byte() -> UInt8? {
            guard offset < bytes.count else { return nil }
            defer { offset += 1 }
            return bytes[offset]
        }

        /// Text that is most often `previous` (a row's type): then that string, not a new one.
        mutating func text(sameAs previous: String?) -> String? {
            guard let length = count(), length <= bytes.count - offset else { return nil }
            let slice = UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + length])
            offset += length
            if var previous,
                previous.withUTF8({
                    $0.count == length && (length == 0 || memcmp($0.baseAddress!, slice.baseAddress!, length) == 0)
                })
            {
                return previous
            }
            return String(decoding: slice, as: UTF8.self)
        }

        /// Text written by `append(reference:among:else:to:)`.
        mutating func reference(among values: [String]) -> String? {
            guard let index = count() else { return nil }
            if index == 0 { return text() }
            return index <= values.count ? values[index - 1] : nil
        }

        mutating func text() -> String? {
            textRange().map { String(decoding: UnsafeRawBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
        }

        /// Where the next text's bytes are, stepping past them.
        mutating func textRange() -> Range<Int>? {
            guard let length = count(), length <= bytes.count - offset else { return nil }
            defer { offset += length }
            return offset..<offset + length
        }

        /// A number as its 8 bytes, little-endian.
        mutating func double() -> Double? {
            guard bytes.count - offset >= 8 else { return nil }
            var pattern: UInt64 = 0
            withUnsafeMutableBytes(of: &pattern) {
                $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + 8]))
            }
            offset += 8
            return Double(bitPattern: UInt64(littleEndian: pattern))
        }

        mutating func sortValue(among values: [String]) -> RowOrder.SortValue? {
            guard offset < bytes.count else { return nil }
            let tag = bytes[offset]
            offset += 1
            switch tag {
            case 0: return .null
            case 1: return reference(among: values).map(RowOrder.SortValue.text)
            case 2: return double().map(RowOrder.SortValue.number)
            case 3: return .bool(false)
            case 4: return .bool(true)
            default: return nil
            }
        }
    }
}
