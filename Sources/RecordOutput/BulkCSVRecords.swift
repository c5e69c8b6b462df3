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
    /// rows; with `final` false, of its rows ended so far (the piece's start, more to come).
    public func records(
        fromCSV bytes: [UInt8], limit: Int = .max, final: Bool = true
    ) throws(CSVReader.Failure) -> [JSONValue] {
        var header: [String]?
        var records: [JSONValue] = []
        try CSVReader.scan(bytes, delimiter: delimiter, final: final) { row throws(CSVReader.Failure) in
            guard let header else {
                header = row.fields.map { String(decoding: $0.text, as: UTF8.self) }
                return limit > 0
            }
            try Self.checkWidth(row, header: header.count)
            records.append(record(row, header: header))
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

    private func record(_ row: CSVRow, header: [String]) -> JSONValue {
        var record: [String: JSONValue] = [:]
        for (index, name) in header.enumerated() where !hiddenColumns.contains(name.lowercased()) {
            let field = row.fields[index]
            let text = field.text.isEmpty ? nil : String(decoding: field.text, as: UTF8.self)
            let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            Self.insert(Self.value(text, kind: kind(of: name)), at: path[...], into: &record)
        }
        for address in addresses {
            var parts: [String: JSONValue] = [:]
            for part in address.parts {
                let field = part.column.flatMap { header.firstIndex(of: $0) }.map { row.fields[$0].text }
                let text = field.flatMap { $0.isEmpty ? nil : String(decoding: $0, as: UTF8.self) }
                parts[part.key] = Self.value(text, kind: part.kind)
            }
            record[address.name] = .object(parts)
        }
        for (key, value) in record { record[key] = Self.collapsingEmptyParents(value) }
        return .object(record)
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

    /// A parent record whose every field is null (or such a parent) is no parent.
    private static func collapsingEmptyParents(_ value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        for (key, member) in members { members[key] = collapsingEmptyParents(member) }
        return members.values.allSatisfy { $0 == .null } ? .null : .object(members)
    }
}
