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

    public init(kinds: [String: Kind], delimiter: UInt8 = UInt8(ascii: ",")) {
        var lowered: [String: Kind] = [:]
        for (path, kind) in kinds { lowered[path.lowercased()] = kind }
        self.kinds = lowered
        self.delimiter = delimiter
    }

    /// The records of one piece of results (its first row is the header).
    public func records(fromCSV bytes: [UInt8]) throws(CSVReader.Failure) -> [JSONValue] {
        let rows = try CSVReader.rows(bytes, delimiter: delimiter)
        guard let header = rows.first else { return [] }
        let paths = header.map { ($0 ?? "").split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
        let columnKinds = header.map { kinds[($0 ?? "").lowercased()] ?? .text }
        var records: [JSONValue] = []
        records.reserveCapacity(rows.count - 1)
        for (number, row) in rows.dropFirst().enumerated() {
            guard row.count == header.count else {
                throw CSVReader.Failure(
                    message: "a row has \(row.count) fields where the header has \(header.count)", line: number + 2)
            }
            var record: [String: JSONValue] = [:]
            for index in row.indices {
                Self.insert(Self.value(row[index], kind: columnKinds[index]), at: paths[index][...], into: &record)
            }
            for (key, value) in record { record[key] = Self.collapsingEmptyParents(value) }
            records.append(.object(record))
        }
        return records
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
