import RestCore

/// One CSV row read as the record a REST page holds (`BulkCSVRecords.records(fromCSV:)`): each
/// value by its kind, an object whose every value is null read as `null`.
extension BulkCSVLayout {
    /// The record of `row`, with `attributes` when given, as a REST page's record carries them.
    func record(_ row: CSVRow, attributes: JSONValue?) -> JSONValue {
        var record = [String: JSONValue](minimumCapacity: named.count + 1)
        for entry in named { record[entry.key] = Self.value(entry.member, row: row) }
        if let attributes { record["attributes"] = attributes }
        return .object(record)
    }

    private static func value(_ member: Member, row: CSVRow) -> JSONValue {
        switch member {
        case .column(let column, let kind):
            guard let column, case let text = row.fields[column].text, !text.isEmpty else { return .null }
            return BulkCSVRecords.value(String(decoding: text, as: UTF8.self), kind: kind)
        case .object(let children, let all):
            guard !allNull(all, in: row) else { return .null }
            var object = [String: JSONValue](minimumCapacity: children.count)
            for child in children { object[child.key] = value(child.member, row: row) }
            return .object(object)
        }
    }
}
