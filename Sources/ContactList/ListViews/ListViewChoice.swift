import RestCore

/// An org's list view, as the list shows it: its label for the header, the describe's visible
/// columns in order with its labels as headings, its sort, and its SOQL when a client may run it.
public struct ListViewChoice: Hashable, Sendable {
    /// The view's id (prefix `00B`).
    public let id: String
    /// The object the view lists (`Contact`).
    public let object: String
    public let label: String
    public let columns: [Column]
    /// The view's own order (`orderBy`) as the ▲/▼ of its column; nil when no column shows it.
    public let sort: ColumnSort?
    /// The view's SOQL; nil for a view that is not SOQL-compatible, read through its results.
    public let query: String?

    /// The view `summary` names, as its describe says.
    public init(summary: ListViewSummary, description: ListViewDescription) {
        id = summary.id
        object = description.sobjectType.isEmpty ? Self.object(ofQuery: description.query) : description.sobjectType
        label = summary.label
        let visible = description.visibleColumns
        let columns =
            visible.isEmpty
            ? [Column(field: "Name")] : visible.map { Column(field: $0.fieldNameOrPath, title: $0.label) }
        self.columns = columns
        sort = Self.sort(of: description, columns: columns)
        let text = description.query ?? ""
        query = summary.soqlCompatible && !text.allSatisfy(\.isWhitespace) ? text : nil
    }

    /// Whether only the view's results resource reads it (the list shows it read-only).
    public var isReadThroughResults: Bool { query == nil }

    /// Why a view read through its results is shown read-only, in one sentence.
    var readOnlyReason: String {
        "\(label) is read-only: it is not SOQL-compatible, so the org gives only its results."
    }

    /// The SOQL that names the rows of a view read through its results: its object and columns
    /// (never sent; it gives the org search its object and the rows their Id).
    var describingQuery: String {
        "SELECT Id, " + columns.map(\.field).joined(separator: ", ") + " FROM " + object
    }

    /// The first key of the view's sort that a column shows, else the column the describe marks
    /// first in its sort.
    static func sort(of description: ListViewDescription, columns: [Column]) -> ColumnSort? {
        for order in description.orderBy {
            let path = order.fieldNameOrPath.split(separator: ".").map(String.init)
            if let column = columns.firstIndex(where: { $0.shows(path: path) }) {
                return ColumnSort(column: column, descending: order.isDescending)
            }
        }
        let marked = description.visibleColumns.enumerated()
            .filter { $0.element.sortDirection != nil }
            .min { ($0.element.sortIndex ?? .max) < ($1.element.sortIndex ?? .max) }
        return marked.map {
            ColumnSort(column: $0.offset, descending: $0.element.sortDirection?.lowercased() == "descending")
        }
    }

    private static func object(ofQuery query: String?) -> String {
        query.map { SOSLText.object(ofQuery: $0) } ?? "Contact"
    }
}
