/// Splits a SOQL statement into tokens.
struct SOQLLexer {
    let statement: String
    private let characters: [Character]

    init(_ statement: String) {
        self.statement = statement
        characters = Array(statement)
    }

    func tokens() throws(SOQLError) -> [SOQLToken] {
        var tokens = [SOQLToken]()
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if character == "'" {
                tokens.append(try stringLiteral(from: &index))
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
                tokens.append(try numberOrDate(from: &index))
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
        tokens.append(SOQLToken(kind: .end, offset: characters.count, text: ""))
        return tokens
    }

    private func stringLiteral(from index: inout Int) throws(SOQLError) -> SOQLToken {
        let start = index
        index += 1
        var value = ""
        while index < characters.count {
            let character = characters[index]
            if character == "'" {
                index += 1
                return SOQLToken(kind: .string(value), offset: start, text: String(characters[start..<index]))
            }
            if character == "\\" {
                guard index + 1 < characters.count else { break }
                let escaped = characters[index + 1]
                switch escaped {
                case "n": value.append("\n")
                case "r": value.append("\r")
                case "t": value.append("\t")
                case "b": value.append("\u{8}")
                case "f": value.append("\u{c}")
                case "'", "\"", "\\": value.append(escaped)
                // LIKE keeps its escapes for the pattern matcher.
                case "%", "_": value.append("\\"); value.append(escaped)
                default:
                    throw SOQLError.at(
                        index, in: statement, code: "MALFORMED_QUERY",
                        "Invalid string literal '" + String(characters[start..<min(index + 2, characters.count)])
                            + "'. Illegal character sequence '\\" + String(escaped) + "' in string literal.")
                }
                index += 2
                continue
            }
            value.append(character)
            index += 1
        }
        throw SOQLError.at(
            start, in: statement, code: "MALFORMED_QUERY",
            "unexpected token: '" + String(characters[start..<characters.count]) + "'")
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
    static func parseDate(_ text: String) -> Int? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        return DateText.days(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DDThh:mm:ss[.sss](Z|+hh:mm|-hh:mm)`.
    static func parseDateTime(_ text: String) -> Int64? {
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
