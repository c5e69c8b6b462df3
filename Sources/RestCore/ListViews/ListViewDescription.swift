/// A list view's describe (`listviews/ID/describe`): its columns, sort and SOQL.
public struct ListViewDescription: Sendable, Decodable {
    public var id: String
    /// The view's SOQL; nil (or unusable) for a view that is not SOQL-compatible.
    public var query: String?
    public var columns: [ListViewColumn]
    public var orderBy: [ListViewOrder]
    /// `everything`, `mine`, …; nil when the org gives none.
    public var scope: String?
    public var sobjectType: String
    /// The filter as Salesforce's `SoqlWhereCondition` tree, as sent.
    public var whereCondition: JSONValue?

    public init(
        id: String, query: String?, columns: [ListViewColumn], orderBy: [ListViewOrder] = [], scope: String? = nil,
        sobjectType: String, whereCondition: JSONValue? = nil
    ) {
        self.id = id
        self.query = query
        self.columns = columns
        self.orderBy = orderBy
        self.scope = scope
        self.sobjectType = sobjectType
        self.whereCondition = whereCondition
    }

    /// The columns the view shows, in its order.
    public var visibleColumns: [ListViewColumn] { columns.filter { !$0.hidden } }

    public static func decode(_ response: RestResponse) throws(RestClientError) -> ListViewDescription {
        try response.decode(ListViewDescription.self)
    }
}

/// One column of a list view.
public struct ListViewColumn: Sendable, Decodable, Hashable {
    /// `Name`, `Account.Name`.
    public var fieldNameOrPath: String
    public var label: String
    public var hidden: Bool
    public var sortable: Bool
    /// `ascending` or `descending` when the view sorts by this column.
    public var sortDirection: String?
    /// The column's place in the sort (0 first).
    public var sortIndex: Int?
    /// The field type (`string`, `phone`, `datetime`, …).
    public var type: String
    /// What the SELECT list holds for this column (`toLabel(Type)`).
    public var selectListItem: String?
    public var searchable: Bool?

    public init(
        fieldNameOrPath: String, label: String, hidden: Bool = false, sortable: Bool = true,
        sortDirection: String? = nil, sortIndex: Int? = nil, type: String = "string", selectListItem: String? = nil,
        searchable: Bool? = nil
    ) {
        self.fieldNameOrPath = fieldNameOrPath
        self.label = label
        self.hidden = hidden
        self.sortable = sortable
        self.sortDirection = sortDirection
        self.sortIndex = sortIndex
        self.type = type
        self.selectListItem = selectListItem
        self.searchable = searchable
    }
}

/// One key of a list view's sort.
public struct ListViewOrder: Sendable, Decodable, Hashable {
    public var fieldNameOrPath: String
    /// `ascending` or `descending`.
    public var sortDirection: String
    /// `first` or `last`.
    public var nullsPosition: String?

    public init(fieldNameOrPath: String, sortDirection: String, nullsPosition: String? = nil) {
        self.fieldNameOrPath = fieldNameOrPath
        self.sortDirection = sortDirection
        self.nullsPosition = nullsPosition
    }

    public var isDescending: Bool { sortDirection.lowercased() == "descending" }
}
