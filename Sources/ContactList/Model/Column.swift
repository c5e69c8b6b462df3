/// A column of the list: a field path of the query and its heading.
public struct Column: Hashable, Sendable {
    /// The field as the query names it, e.g. `Name` or `Account.Name`.
    public var field: String
    /// The heading shown, e.g. `Account Name`.
    public var title: String

    public init(field: String, title: String? = nil) {
        self.field = field
        self.title = title ?? field.split(separator: ".").joined(separator: " ")
    }

    /// The visible columns of a SOQL query: its SELECT list without `Id`.
    ///
    /// Only the plain field list is read here (the server validates the
    /// query); subqueries and functions are skipped rather than guessed at.
    public static func visibleColumns(ofQuery soql: String) -> [Column] {
        let upper = soql.uppercased()
        guard let select = upper.range(of: "SELECT "),
            let from = upper.range(of: " FROM ", range: select.upperBound..<upper.endIndex)
        else { return [Column(field: "Name")] }
        let list = soql[select.upperBound..<from.lowerBound]
        let fields = list.split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.contains("(") && !$0.contains(" ") && $0.uppercased() != "ID" }
        return fields.isEmpty ? [Column(field: "Id")] : fields.map { Column(field: $0) }
    }
}
