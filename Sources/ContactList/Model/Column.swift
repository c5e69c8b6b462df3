import Foundation
import SOQL

/// A column of the list: a field path of the query and its heading.
public struct Column: Hashable, Sendable {
    /// The field as the query names it, e.g. `Name` or `Account.Name`.
    public var field: String
    /// The heading shown, e.g. `Account Name`.
    public var title: String
    /// The keys to follow in a record (`["Account", "Name"]`), split once rather than per record.
    let path: [String]

    /// Whether the title is the field as typed, to be spelled as the org spells it once a record
    /// shows that spelling (`name` becomes `Name`).
    var awaitsOrgSpelling: Bool

    public init(field: String, title: String? = nil) {
        self.field = field
        path = field.split(separator: ".").map(String.init)
        self.title = title ?? path.joined(separator: " ")
        awaitsOrgSpelling = title == nil
    }

    /// A column of a SELECT list read as `list` reads it: its header, and its value's path in the
    /// record (an alias, an aggregate's `expr0`, a grouped field under its own name).
    init(selected column: SelectList.Column) {
        field = column.name
        path = column.path
        title = column.name
        // A grouped field sits under its last name (`Account.Name` as `Name`): its heading stays.
        awaitsOrgSpelling = column.isField && column.name == column.path.joined(separator: ".")
    }

    /// Whether this column shows the field path `other` (`["Account", "Name"]`), each key compared
    /// as `FieldLookup` compares a record's keys.
    func shows(path other: [String]) -> Bool {
        path.count == other.count && zip(path, other).allSatisfy { FieldLookup.keyMatches($0, $1) }
    }

    /// The visible columns of a SOQL query: the fields of its SELECT list without `Id`.
    ///
    /// Aliases, functions, subqueries and `TYPEOF` are skipped rather than shown as text; a list
    /// that cannot be known ahead (`FIELDS(ALL)`, or text that is not a SELECT) shows `Name`.
    public static func visibleColumns(ofQuery soql: String) -> [Column] {
        guard let list = SelectList(soql: soql, skippingUnknownItems: true) else { return [Column(field: "Name")] }
        // Rows that are not records show every column of the query, as `list` prints them.
        if !rowsAreRecords(ofQuery: soql) { return list.columns.map(Column.init(selected:)) }
        let fields = list.columns.filter { column in
            column.isField && !(column.path.count == 1 && FieldLookup.keyMatches(column.path[0], "Id"))
        }
        return fields.isEmpty ? [Column(field: "Id")] : fields.map { Column(field: $0.name) }
    }

    /// Whether the query's rows are records that can be opened, changed and deleted: it selects
    /// `Id` and neither counts nor groups. A list that cannot be known ahead (`FIELDS(ALL)`) is
    /// taken to be records, as `FIELDS(…)` includes `Id`.
    public static func rowsAreRecords(ofQuery soql: String) -> Bool {
        guard let list = SelectList(soql: soql, skippingUnknownItems: true) else { return true }
        if list.countsRows { return false }
        // An aggregate's rows are AggregateResults, with no Id of a record even when grouped by one.
        if soql.range(of: #"\bGROUP\s+BY\b"#, options: [.regularExpression, .caseInsensitive]) != nil { return false }
        return list.columns.contains { $0.isField && $0.path.count == 1 && FieldLookup.keyMatches($0.path[0], "Id") }
    }
}
