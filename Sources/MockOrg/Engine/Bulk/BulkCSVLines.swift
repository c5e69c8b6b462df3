import Glibc
import JSONKit

/// Lines of a Bulk API 2.0 job's CSV as Salesforce writes them, and where each ends in `bytes`:
/// every value quoted (a quote doubled), null as `""`, numbers as the JSON answers write them,
/// date-times in UTC with `Z`. Made under the store's lock from the tables.
struct BulkCSVLines: Sendable {
    var bytes: [UInt8] = []
    /// Line `i` ends at `ends[i]` in `bytes`.
    var ends: [Int] = []

    /// How one column is read: an id spelled from the row's serial, text straight from its column
    /// (no `FieldValue` around it), or any other value through `FieldValue`.
    enum Column: Sendable {
        case id(keyPrefix: String, relationship: FieldSpec?)
        case text(@Sendable (OrgTables, Int) -> String?, relationship: FieldSpec?)
        case value(FieldPath)

        init(_ path: FieldPath, of object: SObjectType) {
            // A parent's Id is spelled with the parent's key prefix.
            let owner = path.relationship == nil ? object : path.relationship?.referenceTo
            if path.field.type == .id, let owner {
                self = .id(keyPrefix: owner.keyPrefix, relationship: path.relationship)
            } else if let readText = path.field.readText {
                self = .text(readText, relationship: path.relationship)
            } else {
                self = .value(path)
            }
        }
    }

    init() {}

    /// The lines of `rows`, read from `tables` (under the store's lock).
    init(
        _ columns: [Column], rows: ArraySlice<Int32>, tables: OrgTables, delimiter: UInt8, lineEnding: [UInt8]
    ) {
        bytes.reserveCapacity(rows.count * 24 * columns.count)
        ends.reserveCapacity(rows.count)
        for row in rows {
            for (index, column) in columns.enumerated() {
                if index > 0 { bytes.append(delimiter) }
                Self.append(column, row: Int(row), tables: tables, to: &bytes)
            }
            bytes.append(contentsOf: lineEnding)
            ends.append(bytes.count)
        }
    }

    private static func append(_ column: Column, row: Int, tables: OrgTables, to bytes: inout [UInt8]) {
        switch column {
        case .id(let keyPrefix, let relationship):
            guard let source = source(of: row, through: relationship, in: tables) else {
                return bytes.append(contentsOf: emptyField)
            }
            bytes.append(quote)
            SalesforceID.append(keyPrefix: keyPrefix, serial: source + 1, to: &bytes)
            bytes.append(quote)
        case .text(let readText, let relationship):
            guard let source = source(of: row, through: relationship, in: tables),
                var text = readText(tables, source)
            else { return bytes.append(contentsOf: emptyField) }
            text.withUTF8 { appendQuoted($0, to: &bytes) }
        case .value(let path):
            appendValue(path.value(in: tables, row: row), to: &bytes)
        }
    }

    /// The row a column reads: `row`, or its parent's through `relationship` (nil when it has none).
    private static func source(of row: Int, through relationship: FieldSpec?, in tables: OrgTables) -> Int? {
        guard let relationship else { return row }
        return relationship.parentRow?(tables, row)
    }

    private static let quote = UInt8(ascii: "\"")
    /// Null, as Salesforce writes it.
    private static let emptyField: [UInt8] = [quote, quote]

    private static func appendValue(_ value: FieldValue, to bytes: inout [UInt8]) {
        switch value {
        case .null, .address: bytes.append(contentsOf: emptyField)
        case .string(let text): appendQuoted(text, to: &bytes)
        case .number(let number): appendQuoted(JSONNumber.text(number), to: &bytes)
        case .boolean(let flag): appendQuoted(flag ? "true" : "false", to: &bytes)
        case .date(let days): appendQuoted(DateText.date(days: days), to: &bytes)
        case .dateTime(let millis):
            // The REST answers' `+0000` is Bulk API 2.0's `Z`.
            appendQuoted(String(DateText.dateTime(millis: millis).dropLast(5)) + "Z", to: &bytes)
        }
    }

    /// `text` quoted, a quote doubled.
    static func appendQuoted(_ text: String, to bytes: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, to: &bytes) }
    }

    private static func appendQuoted(_ utf8: UnsafeBufferPointer<UInt8>, to bytes: inout [UInt8]) {
        bytes.append(quote)
        // Runs between quotes are copied whole; memchr finds the quotes, which most text has none of.
        var start = 0
        while start < utf8.count,
            let found = memchr(utf8.baseAddress! + start, Int32(quote), utf8.count - start)
        {
            let index = utf8.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...index]))
            bytes.append(quote)
            start = index + 1
        }
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start...]))
        bytes.append(quote)
    }
}
