import Foundation
import RestCore

/// What a field's describe type means for typing it, in `e`'s editor and in `c`'s form: a
/// checkbox toggles, a picklist offers its active values, a date or datetime is checked as typed,
/// a reference takes an Id or a name looked up among the referenced object's records.
enum FieldKind: Hashable, Sendable {
    case text
    case checkbox
    case picklist([String])
    case date
    case datetime
    /// The objects it may point at (`referenceTo`); the first is where a name is looked up.
    case reference([String])
    case number

    init(type: String, picklistValues: [String], referenceTo: [String]) {
        switch type {
        case "boolean": self = .checkbox
        case "picklist": self = .picklist(picklistValues)
        case "date": self = .date
        case "datetime": self = .datetime
        case "reference": self = .reference(referenceTo)
        case "double", "currency", "percent", "int", "long": self = .number
        default: self = .text
        }
    }

    /// Whether Space picks the next value rather than typing a space.
    var cycles: Bool {
        switch self {
        case .checkbox: true
        case .picklist(let values): !values.isEmpty
        default: false
        }
    }

    /// The value after `text` for Space: a checkbox toggles, a picklist goes to its next value.
    func next(after text: String) -> String {
        switch self {
        case .checkbox: return Self.isTrue(text) ? "false" : "true"
        case .picklist(let values) where !values.isEmpty:
            guard let index = values.firstIndex(of: text) else { return values[0] }
            return values[(index + 1) % values.count]
        default: return text
        }
    }

    /// Why `text` cannot be this field's value, in one sentence naming `field`; nil when it can
    /// (or is empty: an empty field is left out, or cleared).
    func problem(with text: String, field: String) -> String? {
        guard !text.isEmpty else { return nil }
        switch self {
        case .date where Self.date(text) == nil:
            return "\(field) must be a date such as 2026-11-27."
        case .datetime where Self.dateTime(text) == nil:
            return "\(field) must be a date and time such as 2026-11-27T09:30:00Z."
        case .number where Double(text) == nil:
            return "\(field) must be a number such as 12.5."
        case .checkbox where !["true", "false"].contains(text.lowercased()):
            return "\(field) is a checkbox: Space toggles it."
        default:
            return nil
        }
    }

    /// The value as the REST body carries it: a checkbox's true/false and a number as JSON.
    func json(_ text: String) -> JSONValue {
        if text.isEmpty { return .null }
        switch self {
        case .checkbox: return .bool(Self.isTrue(text))
        case .number: return Double(text).map(JSONValue.number) ?? .string(text)
        default: return .string(text)
        }
    }

    static func isTrue(_ text: String) -> Bool { ["true", "yes", "1", "x"].contains(text.lowercased()) }

    /// A calendar date `yyyy-MM-dd` that exists (not 2026-02-30).
    static func date(_ text: String) -> Date? {
        parse(text, formats: ["yyyy-MM-dd"])
    }

    /// A datetime in ISO 8601, with a zone (`Z` or `+01:00`), seconds optional.
    static func dateTime(_ text: String) -> Date? {
        parse(
            text, formats: ["yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX"])
    }

    private static func parse(_ text: String, formats: [String]) -> Date? {
        for format in formats {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.isLenient = false
            formatter.dateFormat = format
            // Round trip: a lenient parse of 2026-02-30 must not pass for 2026-03-02.
            if let date = formatter.date(from: text),
                formatter.string(from: date) == text
                    || format.hasSuffix("XXXXX")
            {
                return date
            }
        }
        return nil
    }

    /// What the status line adds while such a field is edited: how Space acts on it.
    var typingHint: String {
        switch self {
        case .checkbox: " (Space toggles)"
        case .picklist(let values) where !values.isEmpty: " (Space: " + values.joined(separator: ", ") + ")"
        case .date: " (a date such as 2026-11-27)"
        case .datetime: " (such as 2026-11-27T09:30:00Z)"
        default: ""
        }
    }
}
