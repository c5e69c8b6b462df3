import Synchronization

/// A flag the test sets and a scripted reply, a relay or a test waits on.
package final class Flag: Sendable {
    private let value = Atomic<Bool>(false)

    package init() {}

    package var isSet: Bool { value.load(ordering: .relaxed) }
    package func set() { value.store(true, ordering: .relaxed) }
    package func wait() async {
        while !isSet { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
