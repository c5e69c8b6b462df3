import SOQL

/// Salesforce's date and datetime text, computed without Foundation's formatters (fast and UTC-only).
enum DateText {
    /// `2024-03-05T10:11:12.000+0000`.
    static func dateTime(millis: Int64) -> String {
        let seconds = floorDiv(millis, 1000)
        let days = Int(floorDiv(seconds, 86_400))
        let secondOfDay = Int(seconds - Int64(days) * 86_400)
        let millisecond = Int(millis - seconds * 1000)
        return date(days: days) + "T" + pad(secondOfDay / 3600, 2) + ":" + pad(secondOfDay / 60 % 60, 2) + ":"
            + pad(secondOfDay % 60, 2) + "." + pad(millisecond, 3) + "+0000"
    }

    static let millisPerDay: Int64 = 86_400_000

    /// The UTC day (since 1970-01-01) that holds the instant `millis`: what TODAY means then.
    static func day(containing millis: Int64) -> Int64 {
        floorDiv(millis, millisPerDay)
    }

    /// `2024-03-05`.
    static func date(days: Int) -> String {
        let (year, month, day) = CivilDate.civil(fromDays: days)
        return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }

    private static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        a >= 0 ? a / b : -((-a + b - 1) / b)
    }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
