/// Tells a double-click from two clicks: a second press on the same screen row within
/// `interval` of the first. A third press starts over, so three quick clicks open once.
public struct DoubleClickDetector: Sendable {
    public static let defaultInterval = Duration.milliseconds(400)

    public var interval: Duration
    private var lastClick: (row: Int, at: ContinuousClock.Instant)?

    public init(interval: Duration = Self.defaultInterval) {
        self.interval = interval
    }

    /// The key for a click at `key`'s row at `instant`: `.doubleClick` when it completes one.
    public mutating func classify(_ key: Key, at instant: ContinuousClock.Instant) -> Key {
        guard case .click(let x, let y) = key else { return key }
        if let last = lastClick, last.row == y, instant - last.at <= interval {
            lastClick = nil
            return .doubleClick(x: x, y: y)
        }
        lastClick = (y, instant)
        return key
    }
}
