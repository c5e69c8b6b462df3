import Foundation

/// The time requests are stamped with: record dates, SOQL's date literals and OAuth's `issued_at`.
enum WallClock {
    /// Milliseconds since 1970, UTC.
    static func nowMillis() -> Int64 {
        Int64(Date().timeIntervalSince1970 * 1000)
    }
}
