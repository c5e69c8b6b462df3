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
    /// For a string literal, its text as a LIKE pattern: the escapes `\\`, `\%` and `\_` kept
    /// for `LikePattern`, every other escape resolved.
    var likePattern: String?
    /// For a string literal, the offset of its first `\%` or `\_`, which only LIKE accepts.
    var likeOnlyEscape: Int?

    /// The identifier's text upper-cased, for keyword checks; nil for other kinds.
    var keyword: String? {
        if case .identifier(let name) = kind { return name.uppercased() }
        return nil
    }
}
