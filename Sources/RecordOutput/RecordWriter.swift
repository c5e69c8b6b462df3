import JSONKit
import RestCore
import SOQL

/// Writes query records as text for scripts: TSV with a header row, or one JSON object per line.
///
/// Columns follow the SELECT list (`Account.Name` is read from the nested `Account` record);
/// when the list cannot be known (`FIELDS(ALL)`), the first record's fields in name order are used.
/// The `attributes` members Salesforce adds to each record are left out. `SELECT COUNT()` gives
/// one record, the page's `totalSize`; aggregate columns are read under their alias or `exprN`.
public struct RecordWriter: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        /// Tab-separated values with a header row; tab, newline, carriage return and backslash
        /// inside a value are written `\t`, `\n`, `\r`, `\\`, every other control character
        /// `\u00XX` (`TSVEscaper`); null is an empty field.
        case tsv
        /// One compact JSON object per line, fields in SELECT-list order.
        case json
    }

    public let format: Format
    private(set) var columns: [SelectList.Column]?
    /// The columns as a tree of keys, for reading fields straight from bytes.
    private(set) var columnTree: ColumnNode?
    private(set) var topLevelOrder: [String] = []
    /// `SELECT COUNT() FROM …`: the count is the page's `totalSize`, written as one record.
    let countsRows: Bool
    var headerWritten = false

    public init(format: Format, selectList: SelectList?) {
        self.format = format
        self.columns = selectList?.columns
        self.countsRows = selectList?.countsRows ?? false
        if let columns {
            topLevelOrder = Self.uniqueFirstKeys(columns)
            columnTree = ColumnNode(columns: columns)
        }
    }

    /// Appends `records` to `output` (and the header row first, once, for TSV).
    public mutating func write(_ records: [JSONValue], into output: inout [UInt8]) {
        if columns == nil, let first = records.first {
            let keys = (first.objectValue?.keys.filter { $0 != "attributes" } ?? []).sorted()
            columns = keys.map { SelectList.Column(name: $0, path: [$0]) }
            topLevelOrder = keys
        }
        switch format {
        case .tsv:
            if !headerWritten { spellHeader(from: records) }
            guard let columns else { return }
            writeHeaderIfNeeded(into: &output)
            for record in records {
                for (index, column) in columns.enumerated() {
                    if index > 0 { output.append(UInt8(ascii: "\t")) }
                    // Keys match ignoring case: Salesforce answers with the schema's spelling.
                    let value = FieldLookup.value(at: column.path, in: record, fields: \.objectValue)
                    Self.appendTSVValue(value, to: &output)
                }
                output.append(UInt8(ascii: "\n"))
            }
        case .json:
            for record in records {
                Self.appendJSON(record, keyOrder: topLevelOrder, to: &output)
                output.append(UInt8(ascii: "\n"))
            }
        }
    }

    /// The TSV header row, the first time only.
    mutating func writeHeaderIfNeeded(into output: inout [UInt8]) {
        guard !headerWritten, let columns else { return }
        headerWritten = true
        for (index, column) in columns.enumerated() {
            if index > 0 { output.append(UInt8(ascii: "\t")) }
            Self.appendTSV(column.name, to: &output)
        }
        output.append(UInt8(ascii: "\n"))
    }

    /// Spells each field's header as the org does (`Name` for `name`, `Account.Name` for
    /// `account.name`), from the first of `records` that has the whole path; a field no record
    /// has keeps the query's spelling, and so does a grouped `Account.Name`, which an
    /// AggregateResult holds under `Name` alone.
    mutating func spellHeader(from records: [JSONValue]) {
        guard var columns else { return }
        for index in columns.indices where columns[index].isField {
            let headerParts = columns[index].name.split(separator: ".").count
            guard headerParts == columns[index].path.count else { continue }
            for record in records {
                if let keys = FieldLookup.keys(at: columns[index].path, in: record, fields: \.objectValue) {
                    columns[index].name = keys.joined(separator: ".")
                    break
                }
            }
        }
        self.columns = columns
    }

    /// Writes only the header row (TSV with known columns), for a query that returned no records.
    public mutating func finish(into output: inout [UInt8]) {
        write([], into: &output)
    }

    // MARK: - Values

    private static func uniqueFirstKeys(_ columns: [SelectList.Column]) -> [String] {
        var seen = Set<String>()
        return columns.compactMap { column in
            guard let first = column.path.first, seen.insert(first.lowercased()).inserted else { return nil }
            return first
        }
    }

    // MARK: - TSV

    static func appendTSVValue(_ value: JSONValue?, to output: inout [UInt8]) {
        switch value {
        case nil, .null?: return
        case .string(let text)?: appendTSV(text, to: &output)
        case .number(let number)?: JSONNumber.append(number, to: &output)
        case .bool(let flag)?: output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .array?, .object?:
            // A compound address reads as one line; JSON output keeps the object.
            if let members = value?.objectValue, let line = CompoundAddress.line(members, text: \.stringValue) {
                appendTSV(line, to: &output)
                return
            }
            var json: [UInt8] = []
            appendJSON(value!, keyOrder: [], to: &json)
            output.append(contentsOf: json)
        }
    }

    static func appendTSV(_ text: String, to output: inout [UInt8]) {
        TSVEscaper.append(text, to: &output)
    }

    // MARK: - JSON

    /// Compact JSON; `keyOrder` keys first (in that order), then the others by name; no `attributes`.
    static func appendJSON(_ value: JSONValue, keyOrder: [String], to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let flag): output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .number(let number): JSONNumber.append(number, to: &output)
        case .string(let text): JSONEscaper.appendQuotedForTerminal(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                appendJSON(element, keyOrder: [], to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            var first = true
            func member(_ key: String, _ value: JSONValue) {
                if !first { output.append(UInt8(ascii: ",")) }
                first = false
                JSONEscaper.appendQuotedForTerminal(key, to: &output)
                output.append(UInt8(ascii: ":"))
                appendJSON(value, keyOrder: [], to: &output)
            }
            var written = Set<String>()
            for wanted in keyOrder {
                let key = members[wanted] != nil ? wanted : members.keys.first { FieldLookup.keyMatches($0, wanted) }
                if let key, key != "attributes", written.insert(key).inserted, let value = members[key] {
                    member(key, value)
                }
            }
            for key in members.keys.sorted() where key != "attributes" && !written.contains(key) {
                member(key, members[key]!)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
