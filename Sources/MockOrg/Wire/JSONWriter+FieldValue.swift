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
        }
    }
}
