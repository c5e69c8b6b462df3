/// The text of the fields that LIKE filters read, one contiguous UTF-8 array per field, so that a
/// scan of a million rows matches bytes with no String and no reference counting per row.
///
/// A column is built by the first LIKE on its field and again after any create or update (deletes
/// change no text). Only used under `OrgStore`'s lock.
struct TextColumns {
    /// Columns kept at once; when full, the cache starts again empty.
    static let maxColumns = 4

    private var columns: [String: TextColumn] = [:]
    private var generation = -1

    /// The column of `path` on `object`; nil for a field that is not text of the queried object itself.
    mutating func column(for path: FieldPath, of object: SObjectType, tables: OrgTables) -> TextColumn? {
        guard path.relationship == nil, path.field.type.isText else { return nil }
        if generation != tables.sortGeneration {
            columns.removeAll()
            generation = tables.sortGeneration
        }
        let key = object.name + "." + path.field.name
        if let kept = columns[key] { return kept }
        if columns.count >= Self.maxColumns { columns.removeAll() }
        let column = TextColumn(path.field, rows: tables.rowCount(of: object), tables: tables)
        columns[key] = column
        return column
    }
}

/// One field's text for every row, folded as `LikePattern.matches(folded:isASCII:)` expects:
/// the bytes, where each row's text starts, and whether it is null or not ASCII.
final class TextColumn {
    private let bytes: [UInt8]
    /// Row `i` is `bytes[starts[i] ..< starts[i + 1]]`.
    private let starts: [UInt32]
    private let flags: [UInt8]

    private static let isNull: UInt8 = 1
    private static let nonASCII: UInt8 = 2

    init(_ field: FieldSpec, rows: Int, tables: OrgTables) {
        var bytes = [UInt8]()
        var starts = [UInt32]()
        var flags = [UInt8]()
        starts.reserveCapacity(rows + 1)
        flags.reserveCapacity(rows)
        starts.append(0)
        for row in 0..<rows {
            var flag: UInt8 = 0
            if case .string(var text) = field.read(tables, row) {
                text.makeContiguousUTF8()
                let isASCII =
                    text.utf8.withContiguousStorageIfAvailable { utf8 in
                        bytes.append(contentsOf: utf8)
                        return !utf8.contains(where: { $0 >= 0x80 })
                    } ?? false
                if !isASCII {
                    flag = Self.nonASCII
                    if LikePattern.needsLowering(text) {
                        bytes.removeLast(bytes.count - Int(starts[row]))
                        bytes.append(contentsOf: text.lowercased().utf8)
                    }
                }
            } else {
                flag = Self.isNull
            }
            flags.append(flag)
            starts.append(UInt32(bytes.count))
        }
        self.bytes = bytes
        self.starts = starts
        self.flags = flags
    }

    /// Whether the text at `row` matches: false for null, nil when only the String can tell.
    func matches(row: Int, _ pattern: LikePattern) -> Bool? {
        let flag = flags[row]
        if flag & Self.isNull != 0 { return false }
        let range = Int(starts[row])..<Int(starts[row + 1])
        return bytes.withUnsafeBufferPointer { all in
            pattern.matches(folded: UnsafeBufferPointer(rebasing: all[range]), isASCII: flag & Self.nonASCII == 0)
        }
    }
}
