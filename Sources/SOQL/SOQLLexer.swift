/// Splits a SOQL statement into tokens.
package struct SOQLLexer {
    package let statement: String
    private let characters: [Character]

    package init(_ statement: String) {
        self.statement = statement
        characters = Array(statement)
    }

    /// Every token of the statement, then `.end`; the first text that is not SOQL is an error.
    package func tokens() throws(SOQLError) -> [SOQLToken] {
        var tokens = [SOQLToken]()
        var index = 0
        try scan(into: &tokens, from: &index)
        tokens.append(SOQLToken(kind: .end, offset: characters.count, text: ""))
        return tokens
    }

    /// The tokens before the first text that is not SOQL, then `.end` there: enough to read a
    /// statement's beginning (its SELECT list) when what follows is not this grammar's concern.
    package func leadingTokens() -> [SOQLToken] {
        var tokens = [SOQLToken]()
        var index = 0
        do {
            try scan(into: &tokens, from: &index)
        } catch {
            // `index` stays at the start of the token that failed.
        }
        tokens.append(SOQLToken(kind: .end, offset: index, text: ""))
        return tokens
    }

    private func scan(into tokens: inout [SOQLToken], from index: inout Int) throws(SOQLError) {
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if character == "'" {
                var cursor = index
                tokens.append(try stringLiteral(from: &cursor))
                index = cursor
            } else if character.isASCII && (character.isLetter || character == "_") {
                while index < characters.count
                    && characters[index].isASCII
                    && (characters[index].isLetter || characters[index].isNumber || characters[index] == "_")
                {
                    index += 1
                }
                let text = String(characters[start..<index])
                tokens.append(SOQLToken(kind: .identifier(text), offset: start, text: text))
            } else if character.isASCII && character.isNumber
                || (character == "-" || character == "+") && index + 1 < characters.count
                    && characters[index + 1].isASCII && characters[index + 1].isNumber
            {
                var cursor = index
                tokens.append(try numberOrDate(from: &cursor))
                index = cursor
            } else {
                let two = index + 1 < characters.count ? String(characters[index...index + 1]) : ""
                if ["!=", "<>", "<=", ">="].contains(two) {
                    index += 2
                    tokens.append(SOQLToken(kind: .symbol(two == "<>" ? "!=" : two), offset: start, text: two))
                } else if "(),.=<>:".contains(character) {
                    index += 1
                    tokens.append(SOQLToken(kind: .symbol(String(character)), offset: start, text: String(character)))
                } else {
                    throw SOQLError.at(
                        start, in: statement, code: "MALFORMED_QUERY",
                        "unexpected token: '" + String(character) + "'")
                }
            }
        }
    }

    /// A quoted string with Salesforce's escapes: `\n \r \t \b \f` (either case), `\" \' \\`,
    /// `\uXXXX`, and `\% \_`, which only LIKE accepts (the parser checks where it is used).
    private func stringLiteral(from index: inout Int) throws(SOQLError) -> SOQLToken {
        let start = index
        index += 1
        var value = ""
        var pattern = ""
        var likeOnlyEscape: Int?
        func illegal(_ sequence: String, at offset: Int) -> SOQLError {
            SOQLError.at(
                offset, in: statement, code: "MALFORMED_QUERY",
                // The literal as far as the bad escape, with its opening quote, closed for the message.
                "Invalid string literal " + String(characters[start..<min(offset + 2, characters.count)])
                    + "'. Illegal character sequence '\\" + sequence + "' in string literal.")
        }
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                index += 1
                var token = SOQLToken(kind: .string(value), offset: start, text: String(characters[start..<index]))
                token.likePattern = pattern
                token.likeOnlyEscape = likeOnlyEscape
                return token
            }
            guard character == "\\" else {
                value.append(character)
                pattern.append(character)
                index += 1
                continue
            }
            guard index + 1 < characters.count else { break }
            let escaped = characters[index + 1]
            var resolved: Character?
            switch escaped {
            case "n", "N": resolved = "\n"
            case "r", "R": resolved = "\r"
            case "t", "T": resolved = "\t"
            case "b", "B": resolved = "\u{8}"
            case "f", "F": resolved = "\u{c}"
            case "'", "\"": resolved = escaped
            case "\\":
                value.append("\\")
                pattern += "\\\\"
            case "%", "_":
                likeOnlyEscape = likeOnlyEscape ?? index
                value.append(escaped)
                pattern += "\\" + String(escaped)
            case "u":
                let (scalar, length) = try unicodeEscape(at: index, illegal: illegal)
                value.unicodeScalars.append(scalar)
                // Written as an escape, a backslash, % or _ is text, in a LIKE pattern too.
                if scalar == "\\" || scalar == "%" || scalar == "_" { pattern.append("\\") }
                pattern.unicodeScalars.append(scalar)
                index += length
                continue
            default:
                throw illegal(String(escaped), at: index)
            }
            if let resolved {
                value.append(resolved)
                pattern.append(resolved)
            }
            index += 2
        }
        throw SOQLError.at(
            start, in: statement, code: "MALFORMED_QUERY",
            "unexpected token: '" + String(characters[start..<characters.count]) + "'")
    }

    /// The character of `\uXXXX` at `index` (a UTF-16 surrogate pair as two escapes) and the
    /// number of characters it takes.
    private func unicodeEscape(
        at index: Int, illegal: (String, Int) -> SOQLError
    ) throws(SOQLError) -> (Unicode.Scalar, Int) {
        func unit(at offset: Int) -> UInt32? {
            guard offset + 6 <= characters.count, characters[offset] == "\\", characters[offset + 1] == "u" else {
                return nil
            }
            let digits = String(characters[(offset + 2)..<(offset + 6)])
            guard digits.allSatisfy(\.isHexDigit) else { return nil }
            return UInt32(digits, radix: 16)
        }
        guard let first = unit(at: index) else { throw illegal("u", index) }
        if (0xD800..<0xDC00).contains(first), let second = unit(at: index + 6), (0xDC00..<0xE000).contains(second),
            let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00))
        {
            return (scalar, 12)
        }
        guard let scalar = Unicode.Scalar(first) else { throw illegal("u", index) }
        return (scalar, 6)
    }

    private func numberOrDate(from index: inout Int) throws(SOQLError) -> SOQLToken {
        let start = index
        index += 1
        while index < characters.count
            && (characters[index].isASCII
                && (characters[index].isNumber || "-:.TZ+".contains(characters[index])))
        {
            // A sign only continues a date-time's zone or a date, never a plain number.
            if characters[index] == "+" || characters[index] == "-" {
                let soFar = characters[start..<index]
                let datePart = soFar.count == 4 || soFar.count == 7
                if !(soFar.first?.isNumber ?? false) || !(datePart || soFar.contains("T")) { break }
            }
            index += 1
        }
        let text = String(characters[start..<index])
        if let days = Self.parseDate(text) {
            return SOQLToken(kind: .date(days), offset: start, text: text)
        }
        if let millis = Self.parseDateTime(text) {
            return SOQLToken(kind: .dateTime(millis), offset: start, text: text)
        }
        if let number = Double(text) {
            return SOQLToken(kind: .number(number), offset: start, text: text)
        }
        throw SOQLError.at(start, in: statement, code: "MALFORMED_QUERY", "unexpected token: '" + text + "'")
    }

    /// `YYYY-MM-DD`.
    package static func parseDate(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        // A day past its month's end (2024-02-31) would count on into the next month.
        guard CivilDate.civil(fromDays: days) == (year, month, day) else { return nil }
        return days
    }

    /// `YYYY-MM-DDThh:mm:ss[.sss](Z|+hh:mm|-hh:mm)`.
    package static func parseDateTime(_ text: String) -> Int64? {
        guard let tIndex = text.firstIndex(of: "T"), let days = parseDate(String(text[..<tIndex])) else { return nil }
        var rest = Substring(text[text.index(after: tIndex)...])
        var offsetSeconds = 0
        if rest.hasSuffix("Z") {
            rest = rest.dropLast()
        } else if rest.count >= 6, let sign = rest.dropLast(5).last, sign == "+" || sign == "-" {
            let zone = rest.suffix(5).split(separator: ":")
            guard zone.count == 2, let hours = Int(zone[0]), let minutes = Int(zone[1]) else { return nil }
            offsetSeconds = (hours * 3600 + minutes * 60) * (sign == "+" ? 1 : -1)
            rest = rest.dropLast(6)
        } else {
            return nil
        }
        var millis = 0
        if let dot = rest.firstIndex(of: ".") {
            guard let fraction = Int(rest[rest.index(after: dot)...].prefix(3).padding(toLength: 3)) else {
                return nil
            }
            millis = fraction
            rest = rest[..<dot]
        }
        let clock = rest.split(separator: ":")
        guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]), let second = Int(clock[2]),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second - offsetSeconds)
        return seconds * 1000 + Int64(millis)
    }
}

extension StringProtocol {
    fileprivate func padding(toLength length: Int) -> String {
        String(self) + String(repeating: "0", count: Swift.max(0, length - count))
    }
}
