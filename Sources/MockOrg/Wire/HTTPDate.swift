import SOQL

/// HTTP dates (RFC 7231 §7.1.1.1) as conditional requests carry them: the preferred
/// `Sun, 06 Nov 1994 08:49:37 GMT` and the two obsolete forms a recipient must also read,
/// `Sunday, 06-Nov-94 08:49:37 GMT` and `Sun Nov  6 08:49:37 1994`. Whole seconds, always GMT.
enum HTTPDate {
    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    /// Milliseconds since 1970 of an HTTP date; nil for any other text.
    static func millis(_ text: some StringProtocol) -> Int64? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map { $0.lowercased() }
        var day: Int?
        var month: Int?
        var year: Int?
        var clock: [Int]?
        switch words.count {
        case 6 where words[5] == "gmt":  // IMF-fixdate: sun 06 nov 1994 08:49:37 gmt
            (day, month, year, clock) = (Int(words[1]), monthNumber(words[2]), Int(words[3]), time(words[4]))
        case 4 where words[3] == "gmt":  // RFC 850: sunday 06-nov-94 08:49:37 gmt
            let parts = words[1].split(separator: "-")
            guard parts.count == 3, let short = Int(parts[2]), parts[2].count == 2 else { return nil }
            // Two-digit years: within 50 years of now read as the past (RFC 7231), here from 1970.
            (day, month, year, clock) = (
                Int(parts[0]), monthNumber(parts[1]), short < 70 ? 2000 + short : 1900 + short, time(words[2])
            )
        case 5:  // asctime: sun nov 6 08:49:37 1994
            (day, month, year, clock) = (Int(words[2]), monthNumber(words[1]), Int(words[4]), time(words[3]))
        default:
            return nil
        }
        guard let day, let month, let year, let clock, (1...31).contains(day), (1000...9999).contains(year) else {
            return nil
        }
        let days = CivilDate.days(year: year, month: month, day: day)
        guard CivilDate.civil(fromDays: days) == (year, month, day) else { return nil }
        return (Int64(days) * 86_400 + Int64(clock[0] * 3600 + clock[1] * 60 + clock[2])) * 1000
    }

    private static func monthNumber(_ word: some StringProtocol) -> Int? {
        months.firstIndex(of: String(word)).map { $0 + 1 }
    }

    private static func time(_ word: String) -> [Int]? {
        let parts = word.split(separator: ":").compactMap { Int($0) }
        guard parts.count == 3, parts[0] < 24, parts[1] < 60, parts[2] < 61 else { return nil }
        return parts
    }
}
