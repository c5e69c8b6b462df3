import Synchronization

/// A flag the test sets and a scripted reply waits on.
final class Flag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
    func wait() async {
        while !isSet { try? await Task.sleep(for: .milliseconds(10)) }
    }
}
