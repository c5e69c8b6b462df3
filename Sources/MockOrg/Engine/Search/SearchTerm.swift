import Foundation

/// One term of a SOSL search text: a word or a quoted phrase, as lowercased tokens (runs of
/// letters and digits). A trailing `*` makes the last token a prefix. A record's text matches
/// when the term's tokens appear there in a row; a phone number also matches by its digits alone.
struct SearchTerm: Sendable, Equatable {
    let tokens: [String]
    let isPrefix: Bool

    /// Letters and digits in the term, which Salesforce wants at least two of.
    var characterCount: Int { tokens.reduce(0) { $0 + $1.count } }

    /// The term's digits, which a phone number may match alone.
    var digits: String { tokens.joined().filter(\.isNumber) }

    /// The terms of the text inside `FIND {…}`: words split at spaces, `"quoted phrases"` whole.
    /// The operators AND, OR and NOT are not supported; every term must match.
    static func parse(_ text: String) -> [SearchTerm] {
        var terms: [SearchTerm] = []
        var current = ""
        var quoted = false
        func finish() {
            let trimmed = current.trimmingCharacters(in: .whitespaces)
            current = ""
            let tokens = Self.tokens(of: trimmed.lowercased())
            if !tokens.isEmpty { terms.append(SearchTerm(tokens: tokens, isPrefix: trimmed.hasSuffix("*"))) }
        }
        for character in text {
            if character == "\"" {
                finish()
                quoted.toggle()
            } else if character.isWhitespace && !quoted {
                finish()
            } else {
                current.append(character)
            }
        }
        finish()
        return terms
    }

    /// The runs of letters and digits of `text`, which is lowercased already.
    static func tokens(of text: String) -> [String] {
        text.split(whereSeparator: { !($0.isLetter || $0.isNumber) }).map(String.init)
    }

    /// Whether the (lowercased) tokens of a field's text contain this term.
    func matches(_ fieldTokens: [String]) -> Bool {
        guard fieldTokens.count >= tokens.count else { return false }
        let last = tokens.count - 1
        for start in 0...(fieldTokens.count - tokens.count) {
            var matched = true
            for (offset, token) in tokens.enumerated() {
                let candidate = fieldTokens[start + offset]
                if offset == last && isPrefix ? !candidate.hasPrefix(token) : candidate != token {
                    matched = false
                    break
                }
            }
            if matched { return true }
        }
        return false
    }

    /// Whether a phone number matches by its digits: equal, or starting with them for a prefix.
    func matchesPhone(_ text: String) -> Bool {
        let wanted = digits
        guard !wanted.isEmpty else { return false }
        let have = text.filter(\.isNumber)
        return isPrefix ? have.hasPrefix(wanted) : have == wanted
    }
}
