import Synchronization

/// Raised once when the org stops (a signal, a graceful shutdown, `MockOrgServer.stop()`); work
/// that runs long under the store's lock looks at it and gives up.
final class StopFlag: Sendable {
    private let raised = Atomic(false)

    var isRaised: Bool { raised.load(ordering: .relaxed) }

    func raise() { raised.store(true, ordering: .relaxed) }
}
