/// A page of a list view's records (`listviews/ID/results`), every value as text.
public struct ListViewResults: Sendable, Decodable {
    public var id: String
    public var label: String
    public var developerName: String
    public var columns: [ListViewColumn]
    public var records: [ListViewRecord]
    /// The records in this page.
    public var size: Int
    /// Whether no record follows this page.
    public var done: Bool

    public init(
        id: String, label: String, developerName: String, columns: [ListViewColumn], records: [ListViewRecord],
        size: Int, done: Bool
    ) {
        self.id = id
        self.label = label
        self.developerName = developerName
        self.columns = columns
        self.records = records
        self.size = size
        self.done = done
    }

    public static func decode(_ response: RestResponse) throws(RestClientError) -> ListViewResults {
        try response.decode(ListViewResults.self)
    }
}

/// One record of a list view's results: its columns' values, in the columns' order.
public struct ListViewRecord: Sendable, Decodable, Hashable {
    public struct Value: Sendable, Decodable, Hashable {
        public var fieldNameOrPath: String
        /// The value as text; nil when the field is empty.
        public var value: String?

        public init(fieldNameOrPath: String, value: String?) {
            self.fieldNameOrPath = fieldNameOrPath
            self.value = value
        }
    }

    public var columns: [Value]

    public init(columns: [Value]) {
        self.columns = columns
    }

    /// The value of the column `fieldNameOrPath` (exact, then ignoring case).
    public subscript(fieldNameOrPath: String) -> String? {
        let found =
            columns.first { $0.fieldNameOrPath == fieldNameOrPath }
            ?? columns.first { $0.fieldNameOrPath.lowercased() == fieldNameOrPath.lowercased() }
        return found?.value
    }
}
