import Foundation

/// Arrays made in two halves at once, for the org's work over every row at start-up (generating a
/// million contacts, their search bits), which would otherwise keep one core of two idle.
extension Array where Element: Sendable {
    /// From this many elements on, `init(count:halvingFrom:_:)` makes the second half on a thread
    /// of its own, when there are two cores to share the work.
    static var halvingCount: Int { ProcessInfo.processInfo.activeProcessorCount > 1 ? 100_000 : .max }

    /// `count` elements, element `i` being `make(i)` of a `make` that `newMaker` returns: from
    /// `halvingFrom` elements on, the second half on a thread of its own while this one makes the
    /// first, each with a `make` of its own (so that what it keeps between elements needs no lock)
    /// and written in place.
    init(
        count: Int, halvingFrom: Int = Self.halvingCount, _ newMaker: @escaping @Sendable () -> (Int) -> Element
    ) {
        self.init(unsafeUninitializedCapacity: count) { buffer, initialized in
            let middle = count >= halvingFrom ? count / 2 : count
            // The halves do not overlap, and the second is done before the buffer is handed over.
            nonisolated(unsafe) let secondHalf = UnsafeMutableBufferPointer(rebasing: buffer[middle..<count])
            let done = DispatchSemaphore(value: 0)
            if middle < count {
                let thread = Thread {
                    let make = newMaker()
                    for index in middle..<count { secondHalf.initializeElement(at: index - middle, to: make(index)) }
                    done.signal()
                }
                thread.name = "mock-org second half"
                thread.start()
            }
            let make = newMaker()
            for index in 0..<middle { buffer.initializeElement(at: index, to: make(index)) }
            if middle < count { done.wait() }
            initialized = count
        }
    }
}
