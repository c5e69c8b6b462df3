import Synchronization

/// Decides which requests the configured faults hit.
final class FaultInjector: Sendable {
    let failRate: Double
    let dropRate: Double
    let loseReplyRate: Double
    let unavailableRate: Double
    private let random: Mutex<SystemRandomNumberGenerator> = Mutex(SystemRandomNumberGenerator())

    init(failRate: Double, dropRate: Double, loseReplyRate: Double = 0, unavailableRate: Double = 0) {
        self.failRate = failRate
        self.dropRate = dropRate
        self.loseReplyRate = loseReplyRate
        self.unavailableRate = unavailableRate
    }

    func shouldFailWrite() -> Bool { roll(failRate) }

    func shouldDrop() -> Bool { roll(dropRate) }

    func shouldLoseReply() -> Bool { roll(loseReplyRate) }

    func shouldBeUnavailable() -> Bool { roll(unavailableRate) }

    private func roll(_ probability: Double) -> Bool {
        guard probability > 0 else { return false }
        let draw = random.withLock { Double($0.next() >> 11) / Double(1 << 53) }
        return draw < probability
    }
}
