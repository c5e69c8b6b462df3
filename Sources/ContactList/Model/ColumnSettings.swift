/// The columns of one list as the user arranged them: those hidden with `-`, and the widths set
/// with `<` and `>`. Kept per list (the org and the query) by the runner, in the history file's
/// folder, so that a list opens as it was left.
///
/// Columns are named by their field, folded to lower case (the query may spell a field either way).
public struct ColumnSettings: Hashable, Sendable {
    /// The fields hidden, folded.
    public internal(set) var hidden: Set<String>
    /// The widths set, in cells, by folded field.
    public internal(set) var widths: [String: Int]

    public init(hidden: Set<String> = [], widths: [String: Int] = [:]) {
        self.hidden = hidden
        self.widths = widths
    }

    /// The name a column is kept under.
    static func key(of column: Column) -> String { column.field.lowercased() }

    /// Whether `column` is hidden.
    func hides(_ column: Column) -> Bool { hidden.contains(Self.key(of: column)) }

    /// The width set for `column`, if any.
    func width(of column: Column) -> Int? { widths[Self.key(of: column)] }
}
