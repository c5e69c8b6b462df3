import Dispatch

/// Raises a `StopFlag` when one of some signals arrives, on a Dispatch queue of its own, beside
/// ServiceLifecycle's own handling of the same signals (Dispatch delivers a signal to every
/// source): that handling runs on the cooperative pool, whose workers a long query may hold.
final class StopSignals {
    private let sources: [any DispatchSourceSignal]

    init(_ signals: [Int32], raising flag: StopFlag) {
        let queue = DispatchQueue(label: "mock-org stop signals")
        sources = signals.map { signal in
            let source = DispatchSource.makeSignalSource(signal: signal, queue: queue)
            source.setEventHandler { flag.raise() }
            source.resume()
            return source
        }
    }

    func cancel() {
        for source in sources { source.cancel() }
    }
}
