import Synchronization
import TestSupport
import Testing

/// Polls `condition` every 10 ms until it holds or `limit` passes; records an issue on timeout.
/// The default limit is generous: the whole suite shares two cooperative threads with CPU-heavy tests.
@discardableResult
func eventually(
    within limit: Duration = .seconds(60), sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () -> Bool
) async -> Bool {
    let held = await waitUntil(within: limit, condition)
    if !held { Issue.record("condition did not hold within \(limit)", sourceLocation: sourceLocation) }
    return held
}

/// A thread-safe list of events, for callbacks that arrive on other tasks.
final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    func append(_ event: Event) {
        events.withLock { $0.append(event) }
    }

    var all: [Event] {
        events.withLock { $0 }
    }

    var count: Int {
        events.withLock { $0.count }
    }
}
