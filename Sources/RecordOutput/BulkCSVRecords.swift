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
        var shape: RowShape?
        var records: [JSONValue] = []
        let attributes = type.map { JSONValue.object(["type": .string($0)]) }
        try CSVReader.scan(bytes, delimiter: delimiter, final: final) { row throws(CSVReader.Failure) in
            guard let shape else {
                shape = RowShape(header: row.fields.map { String(decoding: $0.text, as: UTF8.self) }, reading: self)
                return limit > 0
            }
            try Self.checkWidth(row, header: shape.width)
            records.append(shape.record(row, attributes: attributes))
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

    /// Where each field of a row goes in its record, worked out once from a piece's header.
    private struct RowShape {
        struct Column {
            let index: Int
            /// The header's path (`Account.Name` is `Account`, `Name`).
            let path: [String]
            let kind: Kind
        }

        struct Address {
            let name: String
            /// Each part's key, column (nil: the org has no such field) and kind.
            let parts: [(key: String, index: Int?, kind: Kind)]
        }

        let width: Int
        /// The columns shown, in the header's order.
        let columns: [Column]
        let addresses: [Address]
        /// The top-level keys that hold a record of their own (a parent or an address): the
        /// ones an empty parent collapses at.
        let parents: Set<String>

        init(header: [String], reading records: BulkCSVRecords) {
            width = header.count
            columns = header.enumerated().compactMap { index, name in
                guard !records.hiddenColumns.contains(name.lowercased()) else { return nil }
                let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
                return Column(index: index, path: path, kind: records.kind(of: name))
            }
            addresses = records.addresses.map { address in
                Address(
                    name: address.name,
                    parts: address.parts.map { part in
                        (part.key, part.column.flatMap { header.firstIndex(of: $0) }, part.kind)
                    })
            }
            parents = Set(columns.filter { $0.path.count > 1 }.map { $0.path[0] } + addresses.map(\.name))
        }

        func record(_ row: CSVRow, attributes: JSONValue?) -> JSONValue {
            var record: [String: JSONValue] = [:]
            for column in columns {
                BulkCSVRecords.insert(
                    BulkCSVRecords.value(Self.text(row.fields[column.index]), kind: column.kind),
                    at: column.path[...], into: &record)
            }
            for address in addresses {
                var parts: [String: JSONValue] = [:]
                for part in address.parts {
                    parts[part.key] = BulkCSVRecords.value(
                        part.index.flatMap { Self.text(row.fields[$0]) }, kind: part.kind)
                }
                record[address.name] = .object(parts)
            }
            for key in parents {
                if let value = record[key] { record[key] = BulkCSVRecords.collapsingEmptyParents(value) }
            }
            if let attributes { record["attributes"] = attributes }
            return .object(record)
        }

        /// A field's text; empty is nil (null).
        private static func text(_ field: CSVRow.Field) -> String? {
            field.text.isEmpty ? nil : String(decoding: field.text, as: UTF8.self)
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

    /// A parent record whose every field is null (or such a parent) is no parent.
    private static func collapsingEmptyParents(_ value: JSONValue) -> JSONValue {
        guard case .object(var members) = value else { return value }
        for (key, member) in members { members[key] = collapsingEmptyParents(member) }
        return members.values.allSatisfy { $0 == .null } ? .null : .object(members)
    }
}
