/// What the screen shows above the list.
public enum ContactListMode: Hashable, Sendable {
    /// The list itself.
    case list
    /// The key help overlay.
    case help
    /// The details of one record.
    case detail(DetailState)
}

/// The detail view of one record: its fields once the retrieve answers.
public struct DetailState: Hashable, Sendable {
    public enum Content: Hashable, Sendable {
        case loading
        case fields([Field])
        case failed(String)
    }

    /// One line of the details: a field's path (`Account.Name`) and its value as text.
    public struct Field: Hashable, Sendable {
        public let name: String
        public let value: String
    }

    public let record: ContactRecord
    public var content: Content
    /// The first field line shown.
    public var scrollOffset: Int
    /// The field line `e` edits; it moves with the scroll keys.
    public internal(set) var selectedLine = 0

    public init(record: ContactRecord, content: Content = .loading, scrollOffset: Int = 0) {
        self.record = record
        self.content = content
        self.scrollOffset = scrollOffset
    }
}
