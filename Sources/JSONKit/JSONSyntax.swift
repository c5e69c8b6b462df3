/// A strict JSON syntax check that finds the first error and says it as Salesforce's parser
/// (Jackson) does, with its line and column. Foundation's parser forgives trailing commas and
/// does not tell where it stopped, so request bodies are checked here first.
package struct JSONSyntax {
    /// The first syntax error of a body.
    package struct Failure: Error, Equatable {
        /// The byte offset where the error is.
        package let offset: Int
        /// Jackson's words for it, without the position.
        package let reason: String
    }

    private let bytes: [UInt8]
    private var index = 0

    private init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The first syntax error of `bytes`, or nil when they hold exactly one JSON value.
    package static func firstError(in bytes: [UInt8]) -> Failure? {
        if let (offset, isStart) = firstInvalidUTF8(in: bytes) {
            return Failure(
                offset: offset,
                reason: "Invalid UTF-8 " + (isStart ? "start" : "middle") + " byte 0x"
                    + String(bytes[offset], radix: 16))
        }
        var scanner = JSONSyntax(bytes)
        do throws(Failure) {
            scanner.skipSpace()
            guard scanner.index < bytes.count else { return Failure(offset: 0, reason: noContent) }
            try scanner.value(depth: 0)
            scanner.skipSpace()
            if scanner.index < bytes.count {
                throw scanner.unexpected("expected end of input after the root value")
            }
            return nil
        } catch {
            return error
        }
    }

    /// What a body with nothing but white space gets, at column 0 as Salesforce says it.
    package static let noContent = "No content to map due to end-of-input"

    /// The offset of the first byte that does not belong to well-formed UTF-8, and whether it is
    /// a bad first byte of a character (or a bad byte after a good first one).
    package static func firstInvalidUTF8(in bytes: [UInt8]) -> (offset: Int, isStart: Bool)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): offset += scalar.count
            case .emptyInput: return nil
            case .error:
                // A lead byte (C2...F4) is fine itself: the byte after it is the bad one.
                let lead = bytes[offset]
                guard lead >= 0xC2 && lead <= 0xF4, offset + 1 < bytes.count else { return (offset, true) }
                return (offset + 1, false)
            }
        }
    }

    /// The message Salesforce gives: the reason and `at [line:L, column:C]` (both from 1).
    package static func message(for failure: Failure, in bytes: [UInt8]) -> String {
        if failure.reason == noContent { return noContent + " at [line:1, column:0]" }
        let before = bytes[..<min(failure.offset, bytes.count)]
        let line = before.filter { $0 == 10 }.count + 1
        let column = failure.offset - (before.lastIndex(of: 10).map { $0 + 1 } ?? 0) + 1
        return failure.reason + " at [line:" + String(line) + ", column:" + String(column) + "]"
    }

    private mutating func value(depth: Int) throws(Failure) {
        // Nesting as deep as the scanner refuses is refused, so that a hostile body cannot exhaust the stack.
        guard depth < JSONScanner.maximumDepth else { throw Failure(offset: index, reason: "Nesting too deep") }
        guard index < bytes.count else { throw endOfInput("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): try object(depth: depth)
        case UInt8(ascii: "["): try array(depth: depth)
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try word("true")
        case UInt8(ascii: "f"): try word("false")
        case UInt8(ascii: "n"): try word("null")
        default:
            throw unexpected(
                "expected a valid value (number, String, array, object, 'true', 'false' or 'null')")
        }
    }

    private mutating func object(depth: Int) throws(Failure) {
        try entries(closedBy: UInt8(ascii: "}"), in: "Object") { (syntax) throws(Failure) in
            try syntax.member(depth: depth)
        }
    }

    /// One `"name": value` of an object.
    private mutating func member(depth: Int) throws(Failure) {
        guard index < bytes.count else { throw endOfInput("expected close marker for OBJECT") }
        guard bytes[index] == UInt8(ascii: "\"") else {
            throw unexpected("was expecting double-quote to start field name")
        }
        try string()
        skipSpace()
        guard index < bytes.count else { throw endOfInput("expected close marker for OBJECT") }
        guard bytes[index] == UInt8(ascii: ":") else {
            throw unexpected("was expecting a colon to separate field name and value")
        }
        index += 1
        skipSpace()
        try value(depth: depth + 1)
    }

    private mutating func array(depth: Int) throws(Failure) {
        try entries(closedBy: UInt8(ascii: "]"), in: "Array") { (syntax) throws(Failure) in
            try syntax.value(depth: depth + 1)
        }
    }

    /// The members of an object or the elements of an array, the cursor on its opening mark:
    /// `entry` reads one, then a comma continues and `close` ends the container (`name` is
    /// Jackson's word for it when neither comes).
    private mutating func entries(
        closedBy close: UInt8, in name: String, _ entry: (inout JSONSyntax) throws(Failure) -> Void
    ) throws(Failure) {
        index += 1
        skipSpace()
        if index < bytes.count && bytes[index] == close {
            index += 1
            return
        }
        while true {
            try entry(&self)
            skipSpace()
            guard index < bytes.count else { throw endOfInput("expected close marker for " + name.uppercased()) }
            if bytes[index] == close {
                index += 1
                return
            }
            guard bytes[index] == UInt8(ascii: ",") else {
                throw unexpected("was expecting comma to separate " + name + " entries")
            }
            index += 1
            skipSpace()
        }
    }

    private mutating func string() throws(Failure) {
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count else {
                    throw endOfInput("was expecting closing quote for a string value")
                }
                let escaped = bytes[index + 1]
                if escaped == UInt8(ascii: "u") {
                    let escapeStart = index
                    let unit = try hexEscape()
                    // UTF-16 surrogates stand only in pairs, high then low: a lone one is no character.
                    if (0xDC00..<0xE000).contains(unit) {
                        throw Failure(
                            offset: escapeStart, reason: "Unpaired low surrogate in character escape sequence")
                    }
                    if (0xD800..<0xDC00).contains(unit) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u"), (0xDC00..<0xE000).contains(try hexEscape())
                        else {
                            throw Failure(
                                offset: escapeStart, reason: "Unpaired high surrogate in character escape sequence")
                        }
                    }
                } else {
                    guard Array("\"\\/bfnrt".utf8).contains(escaped) else {
                        index += 1
                        throw unexpected("Unrecognized character escape", framed: false)
                    }
                    index += 2
                }
            case 0..<0x20:
                throw Failure(
                    offset: index,
                    reason: "Illegal unquoted character ((CTRL-CHAR, code " + String(byte)
                        + ")): has to be escaped using backslash to be included in string value")
            default:
                index += 1
            }
        }
        throw endOfInput("was expecting closing quote for a string value")
    }

    private mutating func number() throws(Failure) {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        try requireDigit("expected digit (0-9) to follow minus sign")
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count && Self.isDigit(bytes[index]) {
                throw Failure(offset: index, reason: "Invalid numeric value: Leading zeroes not allowed")
            }
        } else {
            while index < bytes.count && Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            try requireDigit("Decimal point not followed by a digit")
            while index < bytes.count && Self.isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                index += 1
            }
            try requireDigit("Exponent indicator not followed by a digit")
            while index < bytes.count && Self.isDigit(bytes[index]) { index += 1 }
        }
        // Well-formed, but a value no double holds (such as 1e999) is refused, not read as infinity.
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if let value = Double(text), !value.isFinite {
            throw Failure(offset: start, reason: "Numeric value (" + text + ") out of range of double")
        }
    }

    /// The code unit of the `\uXXXX` at `index`, which it passes.
    private mutating func hexEscape() throws(Failure) -> UInt32 {
        index += 2
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = bytes[index].hexDigitValue else {
                throw unexpected("expected a hex-digit for character escape sequence")
            }
            unit = unit << 4 | UInt32(digit)
            index += 1
        }
        return unit
    }

    /// A digit must come next: at the end of the body that is an end-of-input error.
    private func requireDigit(_ reason: String) throws(Failure) {
        guard index < bytes.count else { throw endOfInput(reason) }
        guard Self.isDigit(bytes[index]) else { throw unexpected(reason) }
    }

    private mutating func word(_ text: String) throws(Failure) {
        for expected in text.utf8 {
            guard index < bytes.count, bytes[index] == expected else {
                throw unexpected("was expecting '" + text + "'")
            }
            index += 1
        }
    }

    private mutating func skipSpace() {
        while index < bytes.count && [9, 10, 13, 32].contains(bytes[index]) { index += 1 }
    }

    /// `Unexpected character ('X' (code N)): reason` at the current byte; an end-of-input error
    /// when the body ends there.
    private func unexpected(_ reason: String, framed: Bool = true) -> Failure {
        guard index < bytes.count else { return endOfInput(reason) }
        let byte = bytes[index]
        let shown = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "?"
        let character = "'" + shown + "' (code " + String(byte) + ")"
        return Failure(
            offset: index,
            reason: framed ? "Unexpected character (" + character + "): " + reason : reason + " " + character)
    }

    private func endOfInput(_ reason: String) -> Failure {
        Failure(offset: bytes.count, reason: "Unexpected end-of-input: " + reason)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

}
