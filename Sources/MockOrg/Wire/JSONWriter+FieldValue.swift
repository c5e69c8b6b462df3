import JSONKit

extension JSONWriter {
    /// Writes a stored field as Salesforce sends it: dates and date-times as their text.
    mutating func value(_ value: FieldValue) {
        switch value {
        case .null: null()
        case .string(let text): string(text)
        case .number(let number): self.number(number)
        case .boolean(let flag): bool(flag)
        case .date(let days): string(DateText.date(days: days))
        case .dateTime(let millis): string(DateText.dateTime(millis: millis))
        case .address(let street, let city, let state, let postalCode, let country):
            // Salesforce's compound address: its members in name order, no geocode in this org.
            beginObject()
            let members: [(String, String?)] = [
                ("city", city), ("country", country), ("geocodeAccuracy", nil), ("latitude", nil),
                ("longitude", nil), ("postalCode", postalCode), ("state", state), ("street", street),
            ]
            for (name, part) in members {
                key(name)
                self.value(FieldValue(part))
            }
            endObject()
        }
    }
}
