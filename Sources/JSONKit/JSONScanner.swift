/// The package's one JSON tokenizer: walks UTF-8 bytes without building values, finds where
/// strings, numbers, objects and members are, and skips what is not wanted. It checks structure
/// (brackets, quotes, commas, literals, the number grammar) as it goes, so truncated or malformed
/// text is reported rather than misread. Strings are decoded only when asked (`decodeString`).
///
/// The methods are inlinable: the scanner runs once per byte of every query page, and its callers
/// live in other modules.
package struct JSONScanner {
    /// Nesting deeper than this is refused, so that a hostile body cannot exhaust the stack.
    package static let maximumDepth = 512

    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    @usableFromInline var depth = 0

    @inlinable
    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    @inlinable
    package func failure(_ message: String) -> JSONFailure {
        JSONFailure(message: index >= bytes.count ? "unexpected end of data" : message, offset: index)
    }

    /// The byte at the cursor, `nil` at the end.
    @inlinable
    package var current: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    @inlinable
    package mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    @inlinable
    package mutating func expect(_ byte: UInt8) throws(JSONFailure) {
        skipWhitespace()
        guard current == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    /// After a whole document: only white space may follow.
    @inlinable
    package mutating func expectEnd() throws(JSONFailure) {
        skipWhitespace()
        guard index == bytes.count else { throw failure("unexpected text after the JSON value") }
    }

    // MARK: - Strings

    /// The bytes between the quotes of the string at the cursor (escapes left as they are).
    @inlinable
    package mutating func scanString() throws(JSONFailure) -> Range<Int> {
        try scanStringToken().range
    }

    /// The string at the cursor: where its inside lies, and whether it holds any escape.
    @inlinable
    package mutating func scanStringToken() throws(JSONFailure) -> (range: Range<Int>, isEscaped: Bool) {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw failure("expected a string") }
        index += 1
        let start = index
        var isEscaped = false
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return (start..<(index - 1), isEscaped)
            }
            if byte == UInt8(ascii: "\\") {
                isEscaped = true
                index += 2
                continue
            }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        index = bytes.count
        throw failure("unexpected end of data")
    }

    /// Reads the string at the cursor as text, escapes decoded.
    @inlinable
    package mutating func readString() throws(JSONFailure) -> String {
        let (range, isEscaped) = try scanStringToken()
        return try decodeString(range, isEscaped: isEscaped)
    }

    /// The text of a string's inside as `scanString` found it: escapes decoded (surrogate pairs
    /// joined, lone surrogates refused) and invalid UTF-8 refused rather than replaced.
    @inlinable
    package func decodeString(_ range: Range<Int>, isEscaped: Bool = true) throws(JSONFailure) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard isEscaped, raw.contains(UInt8(ascii: "\\")) else {
            return try Self.validatedString(raw, at: range.lowerBound)
        }
        var utf8: [UInt8] = []
        utf8.reserveCapacity(raw.count)
        var offset = 0
        while offset < raw.count {
            let byte = raw[offset]
            offset += 1
            guard byte == UInt8(ascii: "\\") else {
                utf8.append(byte)
                continue
            }
            guard offset < raw.count else {
                throw JSONFailure(message: "invalid escape", offset: range.lowerBound + offset)
            }
            let escaped = raw[offset]
            offset += 1
            switch escaped {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escaped)
            case UInt8(ascii: "b"): utf8.append(0x08)
            case UInt8(ascii: "f"): utf8.append(0x0C)
            case UInt8(ascii: "n"): utf8.append(0x0A)
            case UInt8(ascii: "r"): utf8.append(0x0D)
            case UInt8(ascii: "t"): utf8.append(0x09)
            case UInt8(ascii: "u"):
                let at = range.lowerBound + offset
                var scalar = try Self.hex4(raw, at: &offset, base: range.lowerBound)
                if (0xD800...0xDBFF).contains(scalar) {
                    guard offset + 1 < raw.count, raw[offset] == UInt8(ascii: "\\"),
                        raw[offset + 1] == UInt8(ascii: "u")
                    else { throw JSONFailure(message: "unpaired surrogate", offset: at) }
                    offset += 2
                    let low = try Self.hex4(raw, at: &offset, base: range.lowerBound)
                    guard (0xDC00...0xDFFF).contains(low) else {
                        throw JSONFailure(message: "unpaired surrogate", offset: at)
                    }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONFailure(message: "unpaired surrogate", offset: at)
                }
                guard let unicode = Unicode.Scalar(scalar) else {
                    throw JSONFailure(message: "invalid escape", offset: at)
                }
                utf8.append(contentsOf: UTF8.encode(unicode)!)
            default:
                throw JSONFailure(message: "invalid escape", offset: range.lowerBound + offset - 1)
            }
        }
        return try Self.validatedString(utf8, at: range.lowerBound)
    }

    /// The four hex digits at `offset` of `raw` as a UTF-16 code unit; `offset` moves past them.
    @inlinable
    static func hex4(_ raw: UnsafeBufferPointer<UInt8>, at offset: inout Int, base: Int) throws(JSONFailure) -> UInt32 {
        guard offset + 4 <= raw.count else { throw JSONFailure(message: "invalid \\u escape", offset: base + offset) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let digit = raw[offset].hexDigitValue else {
                throw JSONFailure(message: "invalid \\u escape", offset: base + offset)
            }
            value = value << 4 | UInt32(digit)
            offset += 1
        }
        return value
    }

    /// Text from UTF-8 bytes, refusing invalid UTF-8 rather than silently replacing it.
    @inlinable
    static func validatedString<Bytes: Collection<UInt8>>(_ utf8: Bytes, at offset: Int) throws(JSONFailure) -> String {
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw JSONFailure(message: "invalid UTF-8 in a string", offset: offset)
        }
        return text
    }

    // MARK: - Numbers and literals

    /// The number at the cursor (RFC 8259's grammar: no leading zeros, a digit after `.` and
    /// after the exponent mark); where it lies.
    @inlinable
    package mutating func scanNumber() throws(JSONFailure) -> Range<Int> {
        skipWhitespace()
        let start = index
        if current == UInt8(ascii: "-") { index += 1 }
        guard let first = current, Self.isDigit(first) else { throw failure("invalid number") }
        if first == UInt8(ascii: "0") {
            index += 1
        } else {
            skipDigits()
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard let digit = current, Self.isDigit(digit) else { throw failure("invalid number") }
            skipDigits()
        }
        if let mark = current, mark | 0x20 == UInt8(ascii: "e") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard let digit = current, Self.isDigit(digit) else { throw failure("invalid number") }
            skipDigits()
        }
        return start..<index
    }

    /// Reads the number at the cursor as a `Double`.
    @inlinable
    package mutating func readNumber() throws(JSONFailure) -> Double {
        let range = try scanNumber()
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        guard let number = Double(text) else { throw JSONFailure(message: "invalid number", offset: range.lowerBound) }
        return number
    }

    @inlinable
    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    @inlinable
    mutating func skipDigits() {
        while index < bytes.count, Self.isDigit(bytes[index]) { index += 1 }
    }

    /// Moves past `literal` (`true`, `false`, `null`) at the cursor.
    @inlinable
    package mutating func skipLiteral(_ literal: StaticString) throws(JSONFailure) {
        let count = literal.utf8CodeUnitCount
        guard index + count <= bytes.count else {
            index = bytes.count
            throw failure("unexpected end of data")
        }
        for offset in 0..<count where bytes[index + offset] != literal.utf8Start[offset] {
            throw failure("invalid literal")
        }
        index += count
    }

    // MARK: - Structure

    /// Calls `member` with each key of the object at the cursor, the cursor on the member's
    /// value; `member` either consumes the value or returns `false` to have it skipped.
    @inlinable
    package mutating func scanObject(
        _ member: (inout JSONScanner, Range<Int>) throws(JSONFailure) -> Bool
    ) throws(JSONFailure) {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            let key = try scanString()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            if try !member(&self, key) {
                try skipValue()
            }
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    /// Calls `element` with the cursor on each element of the array at the cursor; `element`
    /// must consume the element.
    @inlinable
    package mutating func scanArray(_ element: (inout JSONScanner) throws(JSONFailure) -> Void) throws(JSONFailure) {
        try expect(UInt8(ascii: "["))
        try enter()
        defer { depth -= 1 }
        skipWhitespace()
        if current == UInt8(ascii: "]") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            try element(&self)
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "]")?:
                index += 1
                return
            default: throw failure("expected ',' or ']'")
            }
        }
    }

    /// Moves past the value at the cursor; returns where it lies.
    @inlinable
    @discardableResult
    package mutating func skipValue() throws(JSONFailure) -> Range<Int> {
        skipWhitespace()
        let start = index
        switch current {
        case UInt8(ascii: "\"")?:
            _ = try scanString()
        case UInt8(ascii: "{")?:
            try scanObject { _, _ throws(JSONFailure) in false }
        case UInt8(ascii: "[")?:
            try scanArray { scanner throws(JSONFailure) in try scanner.skipValue() }
        case UInt8(ascii: "t")?: try skipLiteral("true")
        case UInt8(ascii: "f")?: try skipLiteral("false")
        case UInt8(ascii: "n")?: try skipLiteral("null")
        case UInt8(ascii: "-")?, UInt8(ascii: "0")?, UInt8(ascii: "1")?, UInt8(ascii: "2")?, UInt8(ascii: "3")?,
            UInt8(ascii: "4")?, UInt8(ascii: "5")?, UInt8(ascii: "6")?, UInt8(ascii: "7")?, UInt8(ascii: "8")?,
            UInt8(ascii: "9")?:
            _ = try scanNumber()
        default:
            throw failure("unexpected character")
        }
        return start..<index
    }

    /// One level deeper into objects and arrays; the caller leaves it with `depth -= 1`.
    @inlinable
    package mutating func enter() throws(JSONFailure) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw failure("nesting is too deep") }
    }

    /// One level back out, after `enter`.
    @inlinable
    package mutating func leave() {
        depth -= 1
    }
}
