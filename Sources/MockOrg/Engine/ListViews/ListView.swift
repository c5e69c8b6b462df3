/// One list view of an object, as an org's admin defines it: its columns, filter, scope and sort.
/// Its SOQL (`query`) is what the list view describe reports and what its results run.
struct ListView: Sendable {
    /// One key of the view's sort.
    struct Ordering: Sendable {
        let field: String
        let descending: Bool
    }

    /// The 18-character id, prefix `00B`.
    let id: String
    let object: SObjectType
    let label: String
    let developerName: String
    /// The shown columns, in order: field names or one-level paths (`Account.Name`).
    let columns: [String]
    /// The WHERE clause, without `WHERE`; nil for none.
    let filter: String?
    /// The filter scope: `everything`, `mine`, or `mru` (recently viewed).
    let scope: String
    /// The view's sort, before `Id`, which always ends it so that pages never overlap.
    let ordering: [Ordering]
    /// Whether a client may run `query` itself; when false, only the results resource reads the view.
    let soqlCompatible: Bool
    /// For a view whose records are few by nature (recently viewed): at most this many.
    var rowLimit: Int?

    /// The fields every list view selects after its columns, as Salesforce's describe shows them.
    static let hiddenColumns = ["Id", "CreatedDate", "LastModifiedDate", "SystemModstamp"]

    /// The shown columns, then the hidden ones not shown.
    var selectList: [String] {
        let shown = Set(columns.map { $0.lowercased() })
        return columns + Self.hiddenColumns.filter { !shown.contains($0.lowercased()) }
    }

    /// The sort with `Id` last.
    var fullOrdering: [Ordering] {
        ordering.contains { $0.field.lowercased() == "id" }
            ? ordering : ordering + [Ordering(field: "Id", descending: false)]
    }

    /// The view's SOQL, as the describe reports it.
    var query: String {
        var text = "SELECT " + selectList.joined(separator: ", ") + " FROM " + object.name
        if let filter { text += " WHERE " + filter }
        text += " ORDER BY "
        text += fullOrdering.map { $0.field + ($0.descending ? " DESC NULLS LAST" : " ASC NULLS FIRST") }
            .joined(separator: ", ")
        if let rowLimit { text += " LIMIT " + String(rowLimit) }
        return text
    }

    /// The field a column shows and its heading: `Account Name` for `Account.Name`.
    func field(of column: String) -> (field: FieldSpec, label: String)? {
        let parts = column.split(separator: ".")
        switch parts.count {
        case 1:
            return object.field(named: parts[0]).map { ($0, $0.label) }
        case 2:
            guard let relationship = object.relationship(named: parts[0]), let parent = relationship.referenceTo,
                let field = parent.field(named: parts[1])
            else { return nil }
            let name = relationship.relationshipName ?? parent.name
            return (field, field.name == "Name" ? name + " Name" : field.label)
        default:
            return nil
        }
    }
}
