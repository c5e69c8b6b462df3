import Synchronization

/// Hands a body's chunks from the task that reads the connection to the reader, one at a time:
/// the producer may read the next chunk while the reader works on the one it took, and then
/// waits for the reader (so at most two chunks are held). The reader's wait can be bounded, so
/// that a stalled connection is told apart from a reader that paused: only the reader's wait
/// for a chunk counts, never the producer's wait for the reader.
final class ChunkHandoff: Sendable {
    enum Item: Sendable {
        case chunk([UInt8])
        case end
        case failure(RestClientError)
    }

    /// Why a `take` ended without an item.
    enum Miss: Error {
        case timedOut
        case cancelled
    }

    private struct State {
        /// An item given and not yet taken.
        var pending: Item?
        /// The producer, waiting for `pending` to be taken.
        var giver: CheckedContinuation<Bool, Never>?
        /// The reader, waiting for an item; `take`'s number, so that a late timer leaves a later take alone.
        var taker: (continuation: CheckedContinuation<Result<Item, Miss>, Never>, take: Int)?
        var takes = 0
        /// The reader is gone: every give fails.
        var closed = false
    }

    private let state = Mutex(State())

    /// Hands `item` over; true once the reader took it (at once when the reader was waiting),
    /// false when the reader is gone.
    func give(_ item: Item) async -> Bool {
        await withCheckedContinuation { (giver: CheckedContinuation<Bool, Never>) in
            let taker = state.withLock { state -> CheckedContinuation<Result<Item, Miss>, Never>?? in
                if state.closed { return .some(nil) }
                if let taker = state.taker {
                    state.taker = nil
                    return taker.continuation
                }
                state.pending = item
                state.giver = giver
                return nil
            }
            switch taker {
            case .some(nil): giver.resume(returning: false)
            case .some(let taker?):
                taker.resume(returning: .success(item))
                giver.resume(returning: true)
            case nil: break
            }
        }
    }

    /// The next item, waiting for it at most `limit`; a cancellation of the calling task ends the wait.
    func take(within limit: Duration) async -> Result<Item, Miss> {
        let number = state.withLock { state in
            state.takes += 1
            return state.takes
        }
        var timer: Task<Void, Never>?
        defer { timer?.cancel() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (taker: CheckedContinuation<Result<Item, Miss>, Never>) in
                let taken = state.withLock { state -> (Result<Item, Miss>, CheckedContinuation<Bool, Never>?)? in
                    if let pending = state.pending {
                        state.pending = nil
                        defer { state.giver = nil }
                        return (.success(pending), state.giver)
                    }
                    if Task.isCancelled { return (.failure(.cancelled), nil) }
                    state.taker = (taker, number)
                    return nil
                }
                if let (result, giver) = taken {
                    giver?.resume(returning: true)
                    taker.resume(returning: result)
                } else {
                    timer = Task { [self] in
                        guard (try? await Task.sleep(for: limit)) != nil else { return }
                        miss(.timedOut, take: number)
                    }
                }
            }
        } onCancel: {
            miss(.cancelled, take: number)
        }
    }

    /// Ends take `number`'s wait with `miss`, if it is still waiting.
    private func miss(_ miss: Miss, take number: Int) {
        let taker = state.withLock { state -> CheckedContinuation<Result<Item, Miss>, Never>? in
            guard let taker = state.taker, taker.take == number else { return nil }
            state.taker = nil
            return taker.continuation
        }
        taker?.resume(returning: .failure(miss))
    }

    /// The reader is gone: a waiting give, and every later one, fails.
    func close() {
        let giver = state.withLock { state -> CheckedContinuation<Bool, Never>? in
            state.closed = true
            state.pending = nil
            defer { state.giver = nil }
            return state.giver
        }
        giver?.resume(returning: false)
    }
}
