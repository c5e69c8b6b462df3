import Synchronization

/// Where searches wait while an object's search bits are built: a scan without them reads every row's
/// fields under the lock, which takes far longer than the rest of the build (see ARCHITECTURE.md).
/// Open until a build starts, and for good once it ends.
final class SearchSignaturesGate: Sendable {
    private enum State {
        case open
        case building([CheckedContinuation<Void, Never>])
        case built
    }

    private let state = Mutex(State.open)

    /// A build started: searches wait from now on, unless one ended already.
    func close() {
        state.withLock { state in
            if case .open = state { state = .building([]) }
        }
    }

    /// The build ended: the searches waiting go on, and later ones do not wait.
    func open() {
        let waiting: [CheckedContinuation<Void, Never>] = state.withLock { state in
            defer { state = .built }
            guard case .building(let waiting) = state else { return [] }
            return waiting
        }
        for continuation in waiting { continuation.resume() }
    }

    /// Suspends, without holding a thread, while a build runs.
    func wait() async {
        await withCheckedContinuation { continuation in
            let waits = state.withLock { state in
                guard case .building(var waiting) = state else { return false }
                waiting.append(continuation)
                state = .building(waiting)
                return true
            }
            if !waits { continuation.resume() }
        }
    }
}
