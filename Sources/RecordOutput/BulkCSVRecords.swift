import RestCore

/// Turns Bulk API 2.0's CSV results into the records a REST query page holds, so that
/// `RecordWriter` writes the same bytes for them: each header path (`Account.Name`) becomes a
/// nested record, numbers and booleans take their JSON types by the fields' kinds (from the
/// describe), and date-times their REST spelling (`+0000` for `Z`).
///
/// Empty is null: Salesforce stores no empty text and writes null as an empty field, quoted or
/// not, so both read `null`. A parent whose selected fields are all empty reads as no parent
/// (`"Account": null`), which is what REST sends when there is none; a parent that exists with
/// every selected field null reads so too (select its `Id` to tell them apart).
public struct BulkCSVRecords: Sendable {
    /// How a field's text becomes a JSON value.
    public enum Kind: Sendable, Equatable {
        case text, number, boolean, dateTime
    }

    /// Kinds by field path, lowercased (`account.name`); a path not here is text.
    let kinds: [String: Kind]
    let delimiter: UInt8
    /// Compound addresses rebuilt from their parts, which Bulk API 2.0 returns instead.
    let addresses: [CompoundAddressParts]
    /// Columns (lowercased) the job's query gained only to rebuild an address: not printed.
    let hiddenColumns: Set<String>

    public init(
        kinds: [String: Kind], delimiter: UInt8 = UInt8(ascii: ","), addresses: [CompoundAddressParts] = [],
        hiddenColumns: Set<String> = []
    ) {
        var lowered: [String: Kind] = [:]
        for (path, kind) in kinds { lowered[path.lowercased()] = kind }
        self.kinds = lowered
        self.delimiter = delimiter
        self.addresses = addresses
        self.hiddenColumns = Set(hiddenColumns.map { $0.lowercased() })
    }

    /// The kind of the column headed `name`.
    func kind(of name: String) -> Kind {
        kinds[name.lowercased()] ?? .text
    }

    /// The records of one piece of results (its first row is the header), or of its first `limit`
    /// rows; with `final` false, of its rows ended so far (the piece's start, more to come). With
    /// `type`, each record carries `attributes.type` as a REST page's does.
    public func records(
        fromCSV bytes: [UInt8], limit: Int = .max, final: Bool = true, type: String? = nil
    ) throws(CSVReader.Failure) -> [JSONValue] {
        var layout: BulkCSVLayout?
        var records: [JSONValue] = []
        let attributes = type.map { JSONValue.object(["type": .string($0)]) }
        try CSVReader.scan(bytes, delimiter: delimiter, final: final) { row throws(CSVReader.Failure) in
            guard let layout else {
                layout = BulkCSVLayout(
                    header: row.fields.map { String(decoding: $0.text, as: UTF8.self) }, records: self)
                return limit > 0
            }
            try Self.checkWidth(row, header: layout.width)
            records.append(layout.record(row, attributes: attributes))
            return records.count < limit
        }
        return records
    }

    /// A row whose field count is not the header's is not Bulk API 2.0's CSV.
    static func checkWidth(_ row: CSVRow, header: Int) throws(CSVReader.Failure) {
        guard row.count == header else {
            throw CSVReader.Failure(
                message: "a row has \(row.count) fields where the header has \(header)", line: row.line)
        }
    }

    static func value(_ text: String?, kind: Kind) -> JSONValue {
        guard let text, !text.isEmpty else { return .null }
        switch kind {
        case .text:
            return .string(text)
        case .number:
            return Double(text).map(JSONValue.number) ?? .string(text)
        case .boolean:
            return text == "true" ? .bool(true) : text == "false" ? .bool(false) : .string(text)
        case .dateTime:
            return .string(text.hasSuffix("Z") ? text.dropLast() + "+0000" : text)
        }
    }

    /// Puts `value` at a dotted field path, nesting a parent record per step (`Account.Owner.Name`).
    package static func insert(_ value: JSONValue, at path: ArraySlice<String>, into record: inout [String: JSONValue])
    {
        guard let first = path.first else { return }
        if path.count == 1 {
            record[first] = value
            return
        }
        var parent = record[first]?.objectValue ?? [:]
        insert(value, at: path.dropFirst(), into: &parent)
        record[first] = .object(parent)
    }
}
