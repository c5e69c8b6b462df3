/// One field's value as the SOQL engine and the JSON writer see it.
enum FieldValue: Sendable, Hashable {
    case null
    case string(String)
    case number(Double)
    case boolean(Bool)
    /// Days since 1970-01-01.
    case date(Int)
    /// Milliseconds since 1970-01-01T00:00:00Z.
    case dateTime(Int64)
    /// A compound address, made of its parts' fields; `null` when every part is.
    case address(street: String?, city: String?, state: String?, postalCode: String?, country: String?)

    var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The text of a string value; nil otherwise.
    var text: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    init(_ optional: String?) {
        self = optional.map { .string($0) } ?? .null
    }
}
