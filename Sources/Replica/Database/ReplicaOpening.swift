/// What opening one of the replica's databases came to: the store, or why the app goes on
/// without it, in one sentence for the user.
public enum ReplicaOpening<Store: Sendable>: Sendable {
    /// The database is open and at the latest schema.
    case opened(Store)
    /// The file was corrupt, from a newer schema or unreadable, and is now under another name.
    case movedAside(notice: String)
    /// The file could not be opened for another reason (a busy lock, a full disk): left as it is.
    case unavailable(notice: String)

    /// The store, when it opened.
    public var store: Store? {
        if case .opened(let store) = self { return store }
        return nil
    }

    /// The sentence for the user, when it did not.
    public var notice: String? {
        switch self {
        case .opened: return nil
        case .movedAside(let notice), .unavailable(let notice): return notice
        }
    }

    /// The same outcome with the store made from the opened one.
    func map<Other: Sendable>(_ transform: (Store) -> Other) -> ReplicaOpening<Other> {
        switch self {
        case .opened(let store): return .opened(transform(store))
        case .movedAside(let notice): return .movedAside(notice: notice)
        case .unavailable(let notice): return .unavailable(notice: notice)
        }
    }
}
