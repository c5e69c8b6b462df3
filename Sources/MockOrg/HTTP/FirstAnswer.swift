import Synchronization

/// The first of several racing answers, awaited once: later answers are dropped.
///
/// Lets work that cannot be cancelled (a blocking computation on its own thread) race an event
/// that ends the wait (a graceful shutdown), whichever comes first, in either order.
final class FirstAnswer<Value: Sendable>: Sendable {
    private enum State {
        case waiting(CheckedContinuation<Value, Never>?)
        case answered(Value)
        case done
    }

    private let state = Mutex(State.waiting(nil))

    /// Gives `value` as the answer unless another came first.
    func answer(_ value: Value) {
        let waiter: CheckedContinuation<Value, Never>? = state.withLock { state in
            guard case .waiting(let continuation) = state else { return nil }
            if let continuation {
                state = .done
                return continuation
            }
            state = .answered(value)
            return nil
        }
        waiter?.resume(returning: value)
    }

    /// Suspends until the first answer; at once when it has come already. Call it once.
    func value() async -> Value {
        await withCheckedContinuation { continuation in
            let answered: Value? = state.withLock { state in
                switch state {
                case .answered(let value):
                    state = .done
                    return value
                case .waiting:
                    state = .waiting(continuation)
                    return nil
                case .done:
                    preconditionFailure("FirstAnswer.value() awaited twice")
                }
            }
            if let answered { continuation.resume(returning: answered) }
        }
    }
}
