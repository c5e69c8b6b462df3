import Foundation

/// One term of a SOSL search text: a word or a quoted phrase, as lowercased tokens (runs of
/// letters and digits). A trailing `*` makes the last token a prefix. A record's text matches
/// when the term's tokens appear there in a row; a phone number also matches by its digits alone.
struct SearchTerm: Sendable, Equatable {
    let tokens: [String]
    let isPrefix: Bool
    /// The term's digits, which a phone number may match alone.
    let digits: String

    init(tokens: [String], isPrefix: Bool) {
        self.tokens = tokens
        self.isPrefix = isPrefix
        digits = tokens.joined().filter(\.isNumber)
    }

    /// Letters and digits in the term, which Salesforce wants at least two of.
    var characterCount: Int { tokens.reduce(0) { $0 + $1.count } }

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
        guard !digits.isEmpty else { return false }
        var text = text
        // ASCII digits taken by byte: `Character.isNumber` costs more than the rest of the test.
        let asciiDigits = text.withUTF8 { utf8 in
            utf8.allSatisfy { $0 < 0x80 } ? String(decoding: utf8.filter { $0 &- 48 < 10 }, as: UTF8.self) : nil
        }
        let have = asciiDigits ?? text.filter(\.isNumber)
        return isPrefix ? have.hasPrefix(digits) : have == digits
    }

    /// Whether `text` contains `token`: by their bytes when both are ASCII (canonical equivalence
    /// is then byte equality), by Foundation's search otherwise, which finds NFD text by NFC. An
    /// empty token (which no term has) is never found.
    static func text(_ text: String, contains token: String) -> Bool {
        guard !token.isEmpty else { return false }
        var text = text
        var token = token
        let byBytes = text.withUTF8 { text in
            token.withUTF8 { token -> Bool? in
                guard text.allSatisfy({ $0 < 0x80 }), token.allSatisfy({ $0 < 0x80 }) else { return nil }
                guard text.count >= token.count else { return false }
                return Self.bytes(text, contain: token)
            }
        }
        return byBytes ?? text.contains(token)
    }

    /// Whether `token` (not empty, not longer than `text`) occurs in `text`: each place that
    /// `memchr` finds its first byte, compared whole.
    private static func bytes(_ text: UnsafeBufferPointer<UInt8>, contain token: UnsafeBufferPointer<UInt8>) -> Bool {
        let base = text.baseAddress!
        let lastStart = text.count - token.count
        var start = 0
        while start <= lastStart {
            guard let hit = memchr(base + start, Int32(token[0]), lastStart - start + 1) else { return false }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, token.baseAddress!, token.count) == 0 { return true }
            start = at + 1
        }
        return false
    }
}
