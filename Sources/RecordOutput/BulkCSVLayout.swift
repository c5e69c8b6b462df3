import JSONKit
import SOQL

/// The shape of a row of Bulk API 2.0's CSV, worked out once from a piece's header row: where
/// each value of the record comes from. `list --bulk` writes rows from it straight from CSV bytes
/// to TSV or JSON lines with no record in between (`+Writing`); `BulkCSVRecords` reads the same
/// rows into records (`+Records`), which `RecordWriter` writes as the same bytes.
///
/// The JSON shape is that of those records: each header path (`Account.Name`) a member of a
/// nested object, a compound address rebuilt from its parts, an object whose every value is
/// null written `null`; top-level members in the SELECT list's order, nested ones by name.
struct BulkCSVLayout: Sendable {
    typealias Kind = BulkCSVRecords.Kind

    /// A value of the record: a CSV column read as its kind (nil: a part the org does not have,
    /// always null), or an object of members.
    indirect enum Member: Sendable {
        case column(Int?, Kind)
        case object([(key: String, member: Member)], columns: [Int])
    }

    /// What one TSV column prints.
    enum TSVSource: Sendable {
        case missing
        case column(Int, Kind)
        /// A compound address, one line of its shown parts (`CompoundAddress`).
        case address(shown: [Int?], all: [Int])
        /// Any other object, as compact JSON.
        case object(Member)
    }

    /// How many fields each row has.
    let width: Int
    /// The record's members in the order `RecordWriter` writes them, by name (`+Records`).
    let named: [(key: String, member: Member)]
    /// The same members, keys as quoted JSON with a colon (`+Writing`).
    let members: [(key: [UInt8], member: Member)]
    let tsv: [TSVSource]

    /// The layout of rows under `header` for `records`' reading, printed as `columns` (the
    /// SELECT list, header spelling applied; none for records only) with `topLevelOrder` first in JSON.
    init(
        header: [String], records: BulkCSVRecords, columns: [SelectList.Column] = [], topLevelOrder: [String] = []
    ) {
        width = header.count
        var top: [(key: String, member: Member)] = []
        for (index, name) in header.enumerated() where !records.hiddenColumns.contains(name.lowercased()) {
            let path = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            Self.insert(.column(index, records.kind(of: name)), at: path[...], into: &top)
        }
        for address in records.addresses {
            let parts = address.parts.map { part in
                (key: part.key, member: Member.column(part.column.flatMap { header.firstIndex(of: $0) }, part.kind))
            }
            Self.insert(.object(parts, columns: []), at: [address.name][...], into: &top)
        }
        top = top.map { ($0.key, Self.sorted($0.member)) }
        var ordered: [(key: String, member: Member)] = []
        for wanted in topLevelOrder {
            let found = top.firstIndex { $0.key == wanted } ?? top.firstIndex { FieldLookup.keyMatches($0.key, wanted) }
            if let found { ordered.append(top.remove(at: found)) }
        }
        ordered += top.sorted { $0.key < $1.key }
        named = ordered
        members = ordered.map { entry in
            var key: [UInt8] = []
            JSONEscaper.appendQuotedForTerminal(entry.key, to: &key)
            key.append(UInt8(ascii: ":"))
            return (key, entry.member)
        }
        tsv = columns.map { column in Self.tsvSource(at: column.path, in: ordered) }
    }

    /// Puts `member` at a dotted path as `BulkCSVRecords.insert` puts a value: a later path
    /// replaces an earlier one, and a parent is made an object.
    private static func insert(
        _ member: Member, at path: ArraySlice<String>, into members: inout [(key: String, member: Member)]
    ) {
        guard let first = path.first else { return }
        let index = members.firstIndex { $0.key == first }
        guard path.count > 1 else {
            if let index { members[index].member = member } else { members.append((first, member)) }
            return
        }
        var children: [(key: String, member: Member)] = []
        if let index, case .object(let existing, _) = members[index].member { children = existing }
        insert(member, at: path.dropFirst(), into: &children)
        if let index {
            members[index].member = .object(children, columns: [])
        } else {
            members.append((first, .object(children, columns: [])))
        }
    }

    /// Objects with their members by name and the columns whose values are all null when they are.
    private static func sorted(_ member: Member) -> Member {
        guard case .object(let children, _) = member else { return member }
        let sortedChildren = children.sorted { $0.key < $1.key }.map { ($0.key, sorted($0.member)) }
        return .object(sortedChildren, columns: sortedChildren.flatMap { columns(of: $0.1) })
    }

    private static func columns(of member: Member) -> [Int] {
        switch member {
        case .column(let column, _): column.map { [$0] } ?? []
        case .object(_, let columns): columns
        }
    }

    /// The value at `path` as `FieldLookup` finds it in the record (exact key, then any case).
    private static func tsvSource(at path: [String], in members: [(key: String, member: Member)]) -> TSVSource {
        var current = members
        var member: Member?
        for key in path {
            guard
                let found = current.first(where: { $0.key == key })
                    ?? current.first(where: { FieldLookup.keyMatches($0.key, key) })
            else { return .missing }
            member = found.member
            if case .object(let children, _) = found.member { current = children } else { current = [] }
        }
        switch member {
        case .column(let column?, let kind)?:
            return .column(column, kind)
        case .object(let children, let all)?:
            let keys = Dictionary(children.map { ($0.key, "") }, uniquingKeysWith: { first, _ in first })
            guard CompoundAddress.line(keys, text: { $0 }) != nil else { return .object(member!) }
            let shown = CompoundAddress.shownKeys.map { key -> Int? in
                guard case .column(let column, _)? = children.first(where: { $0.key == key })?.member else {
                    return nil
                }
                return column
            }
            return .address(shown: shown, all: all)
        default:
            return .missing
        }
    }
}
