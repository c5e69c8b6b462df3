import Synchronization

/// The org's daily API request count against its limit (`--api-limit`), as `Sforce-Limit-Info`
/// and the `limits` resource report it. Every API request counts one, as on Salesforce.
final class APIUsage: Sendable {
    /// A Developer Edition's daily figure.
    static let defaultLimit = 15_000

    let limit: Int
    private let used = Mutex(0)

    init(limit: Int) {
        self.limit = limit
    }

    /// Counts one request and returns the new count; nil, and nothing counted, once the limit is reached.
    func admit() -> Int? {
        used.withLock { used in
            guard used < limit else { return nil }
            used += 1
            return used
        }
    }

    var count: Int { used.withLock { $0 } }

    /// The `Sforce-Limit-Info` value for `used` requests.
    func headerValue(used: Int) -> String {
        "api-usage=" + String(used) + "/" + String(limit)
    }
}
