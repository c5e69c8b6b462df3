import Foundation

/// Reads a SOSL statement from left to right: keywords (case-insensitive), words, the braced
/// search text and parenthesized RETURNING clauses (quotes inside are skipped).
struct SOSLScanner {
    private let text: [Character]
    private var position = 0

    init(_ text: String) { self.text = Array(text) }

    var isAtEnd: Bool {
        mutating get {
            skipSpaces()
            return position == text.count
        }
    }

    var remainder: String { String(text[position...]) }

    /// Consumes `keyword` when it is the next word.
    mutating func keyword(_ keyword: String) -> Bool {
        let start = position
        if let word = word(), word.uppercased() == keyword { return true }
        position = start
        return false
    }

    /// The next run of letters, digits and `_`, `.`.
    mutating func word() -> String? {
        skipSpaces()
        let start = position
        while position < text.count, text[position].isLetter || text[position].isNumber || "_.".contains(text[position])
        {
            position += 1
        }
        return position > start ? String(text[start..<position]) : nil
    }

    mutating func peek(_ symbol: Character) -> Bool {
        skipSpaces()
        return position < text.count && text[position] == symbol
    }

    mutating func symbol(_ symbol: Character) -> Bool {
        guard peek(symbol) else { return false }
        position += 1
        return true
    }

    /// The text between `{` and the next `}` not escaped with a backslash.
    mutating func braced() -> String? {
        guard symbol("{") else { return nil }
        var result = ""
        while position < text.count {
            let character = text[position]
            position += 1
            if character == "\\", position < text.count {
                result.append(text[position])
                position += 1
            } else if character == "}" {
                return result
            } else {
                result.append(character)
            }
        }
        return nil
    }

    /// The text between `(` and its closing `)`, nested parentheses and quoted literals included.
    mutating func parenthesized() -> String? {
        guard symbol("(") else { return nil }
        let start = position
        var nesting = SOSLNesting(depth: 1)
        while position < text.count {
            let character = text[position]
            position += 1
            if !nesting.read(character), nesting.depth == 0 { return String(text[start..<(position - 1)]) }
        }
        return nil
    }

    /// Where the first WHERE, ORDER BY, LIMIT or OFFSET outside quotes and parentheses starts.
    static func firstClauseKeyword(in clause: String) -> String.Index? {
        var nesting = SOSLNesting()
        var index = clause.startIndex
        var previous: Character = " "
        while index < clause.endIndex {
            let character = clause[index]
            if nesting.read(character), nesting.depth == 0, previous.isWhitespace || previous == ",",
                ["WHERE", "ORDER", "LIMIT", "OFFSET"].contains(where: { startsWord($0, in: clause, at: index) })
            {
                return index
            }
            previous = character
            index = clause.index(after: index)
        }
        return nil
    }

    private static func startsWord(_ word: String, in text: String, at index: String.Index) -> Bool {
        guard let end = text.index(index, offsetBy: word.count, limitedBy: text.endIndex),
            text[index..<end].uppercased() == word
        else { return false }
        return end == text.endIndex || text[end].isWhitespace
    }

    private mutating func skipSpaces() {
        while position < text.count, text[position].isWhitespace { position += 1 }
    }
}
