import SOQL

/// SOQL's relative date literals (`TODAY`, `THIS_WEEK`, `LAST_N_DAYS:n`, …) as ranges of instants,
/// in UTC against the org's clock, as Salesforce resolves them for an org whose time zone is GMT
/// and whose weeks start on Sunday (the en_US locale).
enum DateLiteral {
    /// The literals Salesforce knows that this org does not resolve: refused with a sentence, not
    /// taken for a typo.
    static let unsupported: Set<String> = [
        "LAST_90_DAYS", "NEXT_90_DAYS", "NEXT_MONTH", "LAST_YEAR", "NEXT_YEAR", "THIS_QUARTER",
        "LAST_QUARTER", "NEXT_QUARTER", "THIS_FISCAL_QUARTER", "LAST_FISCAL_QUARTER", "NEXT_FISCAL_QUARTER",
        "THIS_FISCAL_YEAR", "LAST_FISCAL_YEAR", "NEXT_FISCAL_YEAR", "LAST_N_WEEKS", "NEXT_N_WEEKS",
        "LAST_N_MONTHS", "NEXT_N_MONTHS", "LAST_N_QUARTERS", "NEXT_N_QUARTERS", "LAST_N_YEARS", "NEXT_N_YEARS",
        "LAST_N_FISCAL_QUARTERS", "NEXT_N_FISCAL_QUARTERS", "LAST_N_FISCAL_YEARS", "NEXT_N_FISCAL_YEARS",
        "N_DAYS_AGO", "N_WEEKS_AGO", "N_MONTHS_AGO", "N_QUARTERS_AGO", "N_YEARS_AGO", "N_FISCAL_QUARTERS_AGO",
        "N_FISCAL_YEARS_AGO",
    ]

    private static let maxDays = 1_000_000

    /// The instants `keyword` covers at `now` (milliseconds since 1970), `lower ..< upper`; nil when
    /// `keyword` (with `count`, the n of `LAST_N_DAYS:n`) is no literal this org resolves.
    static func range(_ keyword: String, count: Int?, now: Int64) -> Range<Int64>? {
        let today = DateText.day(containing: now)
        guard let days = dayRange(keyword, count: count, today: today) else { return nil }
        return (days.lowerBound * DateText.millisPerDay)..<(days.upperBound * DateText.millisPerDay)
    }

    /// The UTC days (since 1970-01-01) `keyword` covers when today is `today`.
    static func dayRange(_ keyword: String, count: Int?, today: Int64) -> Range<Int64>? {
        // 1970-01-01 was a Thursday: four days after a Sunday.
        let sunday = today - floorMod(today + 4, 7)
        let (year, month, _) = CivilDate.civil(fromDays: Int(today))
        let monthStart = firstDay(year: year, month: month)
        let nextMonthStart = month == 12 ? firstDay(year: year + 1, month: 1) : firstDay(year: year, month: month + 1)
        switch (keyword, count) {
        case ("TODAY", nil): return today..<(today + 1)
        case ("YESTERDAY", nil): return (today - 1)..<today
        case ("TOMORROW", nil): return (today + 1)..<(today + 2)
        case ("THIS_WEEK", nil): return sunday..<(sunday + 7)
        case ("LAST_WEEK", nil): return (sunday - 7)..<sunday
        case ("NEXT_WEEK", nil): return (sunday + 7)..<(sunday + 14)
        case ("THIS_MONTH", nil): return monthStart..<nextMonthStart
        case ("LAST_MONTH", nil):
            let start = month == 1 ? firstDay(year: year - 1, month: 12) : firstDay(year: year, month: month - 1)
            return start..<monthStart
        case ("THIS_YEAR", nil): return firstDay(year: year, month: 1)..<firstDay(year: year + 1, month: 1)
        // Today and the n days before it; today and the n days after it. No record lies a million
        // days away, and the bound keeps the milliseconds within Int64.
        case ("LAST_N_DAYS", let count?): return (today - Int64(min(count, maxDays)))..<(today + 1)
        case ("NEXT_N_DAYS", let count?): return today..<(today + Int64(min(count, maxDays)) + 1)
        default: return nil
        }
    }

    /// Days since 1970 of the first of `month`.
    private static func firstDay(year: Int, month: Int) -> Int64 {
        Int64(CivilDate.days(year: year, month: month, day: 1))
    }

    private static func floorMod(_ a: Int64, _ b: Int64) -> Int64 {
        let remainder = a % b
        return remainder < 0 ? remainder + b : remainder
    }
}
