import Synchronization

/// Lets requests through one at a time in the order their tickets were taken (FIFO).
///
/// A ticket is taken synchronously when the caller sends, so the order is the order of the
/// calls even when the sending tasks start in another order. Every ticket ends exactly once:
/// with `finish` after its turn, or by `abandon` (refused before its turn, or cancelled while waiting).
final class SerialDispatcher: Sendable {
    private struct State {
        var nextTicket: UInt64 = 0
        /// The ticket whose turn it is.
        var serving: UInt64 = 0
        var waiting: [UInt64: CheckedContinuation<Bool, Never>] = [:]
        /// Tickets that ended before their turn; skipped when the queue reaches them.
        var abandoned: Set<UInt64> = []
    }

    private let state = Mutex(State())

    func takeTicket() -> UInt64 {
        state.withLock { state in
            defer { state.nextTicket += 1 }
            return state.nextTicket
        }
    }

    /// Returns `true` when it is `ticket`'s turn, `false` if the task was cancelled while waiting
    /// (the ticket is then abandoned and must not be finished).
    func waitForTurn(_ ticket: UInt64) async -> Bool {
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let admitted: Bool? = state.withLock { state in
                    if state.serving == ticket { return true }
                    if Task.isCancelled {
                        state.abandoned.insert(ticket)
                        return false
                    }
                    state.waiting[ticket] = continuation
                    return nil
                }
                if let admitted { continuation.resume(returning: admitted) }
            }
        } onCancel: {
            let continuation = state.withLock { state -> CheckedContinuation<Bool, Never>? in
                guard let continuation = state.waiting.removeValue(forKey: ticket) else { return nil }
                state.abandoned.insert(ticket)
                return continuation
            }
            continuation?.resume(returning: false)
        }
    }

    /// Ends `ticket`'s turn and lets the next one in.
    func finish(_ ticket: UInt64) {
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            precondition(state.serving == ticket, "finished a ticket whose turn it was not")
            return Self.advance(&state)
        }
        next?.resume(returning: true)
    }

    /// Ends a ticket that will never take its turn (refused by validation or the gate).
    func abandon(_ ticket: UInt64?) {
        guard let ticket else { return }
        let next = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            if state.serving == ticket {
                return Self.advance(&state)
            }
            state.abandoned.insert(ticket)
            return nil
        }
        next?.resume(returning: true)
    }

    /// Moves the turn past the current ticket and any abandoned ones; returns the waiter to wake.
    private static func advance(_ state: inout State) -> CheckedContinuation<Bool, Never>? {
        state.serving += 1
        while state.abandoned.remove(state.serving) != nil {
            state.serving += 1
        }
        return state.waiting.removeValue(forKey: state.serving)
    }
}
