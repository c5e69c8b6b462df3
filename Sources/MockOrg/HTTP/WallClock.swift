import Foundation

/// The time requests are stamped with: record dates, SOQL's date literals and OAuth's `issued_at`.
/// The system's clock, or a test's (`MockOrgConfiguration.clock`), so that `THIS_WEEK` can be
/// pinned to a known week.
struct WallClock: Sendable {
    private let read: @Sendable () -> Date

    init(_ read: @escaping @Sendable () -> Date = { Date() }) {
        self.read = read
    }

    static let system = WallClock()

    /// The system's time in milliseconds, where no org's clock is at hand (the store's defaults).
    static func nowMillis() -> Int64 {
        system.nowMillis()
    }

    /// Milliseconds since 1970, UTC.
    func nowMillis() -> Int64 {
        Int64((read().timeIntervalSince1970 * 1000).rounded(.down))
    }
}
