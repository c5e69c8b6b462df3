/// A lexical token of a SOQL statement, with its offset (in characters) for error messages.
struct SOQLToken: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        case string(String)
        case number(Double)
        case date(Int)
        case dateTime(Int64)
        case symbol(String)
        case end
    }

    let kind: Kind
    /// Offset of the first character in the statement.
    let offset: Int
    /// The text as written, for "unexpected token" messages.
    let text: String

    /// The identifier's text upper-cased, for keyword checks; nil for other kinds.
    var keyword: String? {
        if case .identifier(let name) = kind { return name.uppercased() }
        return nil
    }
}
