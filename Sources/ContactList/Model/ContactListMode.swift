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
        case fields([(name: String, value: String)])
        case failed(String)

        public static func == (lhs: Content, rhs: Content) -> Bool {
            switch (lhs, rhs) {
            case (.loading, .loading): return true
            case (.failed(let a), .failed(let b)): return a == b
            case (.fields(let a), .fields(let b)):
                return a.count == b.count && zip(a, b).allSatisfy { $0.name == $1.name && $0.value == $1.value }
            default: return false
            }
        }

        public func hash(into hasher: inout Hasher) {
            switch self {
            case .loading: hasher.combine(0)
            case .failed(let message): hasher.combine(message)
            case .fields(let fields): for field in fields { hasher.combine(field.name) }
            }
        }
    }

    public let record: ContactRecord
    public var content: Content
    /// The first field line shown.
    public var scrollOffset: Int

    public init(record: ContactRecord, content: Content = .loading, scrollOffset: Int = 0) {
        self.record = record
        self.content = content
        self.scrollOffset = scrollOffset
    }
}
