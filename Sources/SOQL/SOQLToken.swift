/// A lexical token of a SOQL statement, with its offset (in characters) for error messages.
package struct SOQLToken: Sendable, Equatable {
    package enum Kind: Sendable, Equatable {
        case identifier(String)
        case string(String)
        case number(Double)
        /// Days since 1970-01-01.
        case date(Int)
        /// Milliseconds since 1970-01-01T00:00:00Z.
        case dateTime(Int64)
        case symbol(String)
        case end
    }

    package let kind: Kind
    /// Offset of the first character in the statement.
    package let offset: Int
    /// The text as written, for "unexpected token" messages.
    package let text: String
    /// For a string literal, its text as a LIKE pattern: the escapes `\\`, `\%` and `\_` kept
    /// for a LIKE matcher, every other escape resolved.
    package var likePattern: String?
    /// For a string literal, the offset of its first `\%` or `\_`, which only LIKE accepts.
    package var likeOnlyEscape: Int?

    package init(kind: Kind, offset: Int, text: String) {
        self.kind = kind
        self.offset = offset
        self.text = text
    }

    /// The identifier's text upper-cased, for keyword checks; nil for other kinds.
    package var keyword: String? {
        if case .identifier(let name) = kind { return name.uppercased() }
        return nil
    }
}
