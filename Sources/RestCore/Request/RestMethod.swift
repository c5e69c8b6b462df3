/// The HTTP methods the Salesforce REST API uses.
public enum RestMethod: String, Sendable, Hashable, CaseIterable {
    case GET, POST, PATCH, PUT, DELETE, HEAD

    /// `true` for methods that change data on the server (what a read-only gate blocks).
    public var isWrite: Bool {
        switch self {
        case .GET, .HEAD: return false
        case .POST, .PATCH, .PUT, .DELETE: return true
        }
    }
}
