import Foundation

/// An HTTP date (RFC 7231's IMF-fixdate, always GMT): `Sun, 06 Nov 1994 08:49:37 GMT`, as
/// `If-Unmodified-Since` and `If-Modified-Since` carry it. Whole seconds; a fraction is dropped.
public enum HTTPDate {
    private static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    public static func string(from date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "GMT")!
        let seconds = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        let parts = calendar.dateComponents([.weekday, .day, .month, .year, .hour, .minute, .second], from: seconds)
        func two(_ value: Int?) -> String {
            let text = String(value ?? 0)
            return text.count < 2 ? "0" + text : text
        }
        return weekdays[(parts.weekday ?? 1) - 1] + ", " + two(parts.day) + " " + months[(parts.month ?? 1) - 1] + " "
            + String(parts.year ?? 1970) + " " + two(parts.hour) + ":" + two(parts.minute) + ":" + two(parts.second)
            + " GMT"
    }

    /// `2024-05-01T10:00:00+00:00`: the ISO 8601 form Get Deleted and Get Updated take.
    static func iso8601(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date).replacingOccurrences(of: "Z", with: "+00:00")
    }
}
