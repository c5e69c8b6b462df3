import Synchronization

/// Decides which requests the configured faults hit.
final class FaultInjector: Sendable {
    let failRate: Double
    let dropRate: Double
    let loseReplyRate: Double
    let unavailableRate: Double
    private let random: Mutex<SeededRandom>

    init(
        failRate: Double, dropRate: Double, loseReplyRate: Double = 0, unavailableRate: Double = 0,
        seed: UInt64? = nil
    ) {
        self.failRate = failRate
        self.dropRate = dropRate
        self.loseReplyRate = loseReplyRate
        self.unavailableRate = unavailableRate
        random = Mutex(SeededRandom(seed: seed ?? UInt64.random(in: .min ... .max)))
    }

    func shouldFailWrite() -> Bool { roll(failRate) }

    func shouldDrop() -> Bool { roll(dropRate) }

    func shouldLoseReply() -> Bool { roll(loseReplyRate) }

    func shouldBeUnavailable() -> Bool { roll(unavailableRate) }

    private func roll(_ probability: Double) -> Bool {
        guard probability > 0 else { return false }
        return random.withLock { $0.chance(probability) }
    }
}
