import Synchronization

/// Holds the answers to the data API requests it matches until a test opens it, so that a test
/// sees a change in flight for as long as it looks, however slow the machine: the event-driven
/// counterpart of `MockOrgConfiguration.latency`. Requests reach the gate before anything else
/// happens to them, so a held write is not applied until the gate opens.
public final class AnswerGate: Sendable {
    /// The methods that change records.
    public static let writes: Set<String> = ["POST", "PATCH", "PUT", "DELETE"]

    /// The methods whose requests are held; any other passes at once.
    public let methods: Set<String>
    /// Whether `GET /services/oauth2/userinfo` is held too (with `GET` among `methods`), so that a
    /// test sees what the app shows before the org has said who the user is.
    public let holdsUserInfo: Bool

    private struct State {
        var isOpen = false
        var arrivals = 0
        var nextWaiter = 0
        /// Held requests, resumed when the gate opens.
        var held: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())

    /// A closed gate for the data API requests whose method is one of `methods` (writes by
    /// default), and for `userinfo` too when `holdsUserInfo`.
    public init(holding methods: Set<String> = AnswerGate.writes, holdsUserInfo: Bool = false) {
        self.methods = methods
        self.holdsUserInfo = holdsUserInfo
    }

    /// Lets every held request and every later one through; opening an open gate does nothing.
    public func open() {
        let released = state.withLock { state in
            state.isOpen = true
            defer { state.held = [:] }
            return Array(state.held.values)
        }
        for request in released { request.resume() }
    }

    /// Whether the gate lets requests through.
    public var isOpen: Bool {
        state.withLock { $0.isOpen }
    }

    /// How many matching requests have reached the gate, held or (once open) passed.
    public var arrivals: Int {
        state.withLock { $0.arrivals }
    }

    /// Whether a request with `method` to `path` is one the gate holds.
    func matches(method: String, path: String) -> Bool {
        methods.contains(method)
            && (path.hasPrefix("/services/data/") || holdsUserInfo && path == "/services/oauth2/userinfo")
    }

    /// Counts a matching request, then waits until the gate is open (or the request's task is
    /// cancelled, the server stopping).
    func pass() async {
        let id = state.withLock { state in
            state.arrivals += 1
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let passes = state.withLock { state in
                    guard !state.isOpen, !Task.isCancelled else { return true }
                    state.held[id] = continuation
                    return false
                }
                if passes { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.held.removeValue(forKey: id) }?.resume()
        }
    }
}
