import Foundation

/// A Salesforce datetime as the REST API writes it (`2026-11-26T23:50:06.000+0000`), read into a
/// `Date` for `If-Unmodified-Since` and shown back in one short UTC form.
enum SalesforceDate {
    /// The instant of `text`; nil when it is not a Salesforce datetime. The fraction and the zone
    /// are both optional, as the API and hand-written values vary.
    static func parse(_ text: String) -> Date? {
        for format in ["yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"] {
            if let date = formatter(format).date(from: text) { return date }
        }
        return nil
    }

    /// `2026-11-26 23:50 UTC`: how an alert says when a record changed; the text as given when it
    /// cannot be read.
    static func shown(_ text: String) -> String {
        guard let date = parse(text) else { return text }
        return formatter("yyyy-MM-dd HH:mm:ss").string(from: date) + " UTC"
    }

    /// A formatter of its own per call: `DateFormatter` is not `Sendable`, and this runs once per save.
    private static func formatter(_ format: String) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = format
        return formatter
    }
}
