/// Walks JSON bytes without building values: finds where strings, objects and members are, and
/// skips what is not wanted. It checks structure (brackets, quotes, commas, literals) as it goes,
/// so truncated or malformed text is reported rather than misread.
package struct JSONScanner {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    private var depth = 0

    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0) {
        self.bytes = bytes
        self.index = index
    }

    func failure(_ message: String) -> JSONParser.Failure {
        JSONParser.Failure(message: index >= bytes.count ? "unexpected end of data" : message, offset: index)
    }

    package var current: UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x0A, 0x0D, 0x09: index += 1
            default: return
            }
        }
    }

    mutating func expect(_ byte: UInt8) throws(JSONParser.Failure) {
        skipWhitespace()
        guard current == byte else { throw failure("expected '\(Character(Unicode.Scalar(byte)))'") }
        index += 1
    }

    /// The bytes between the quotes of the string at the cursor (escapes left as they are).
    mutating func scanString() throws(JSONParser.Failure) -> Range<Int> {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw failure("expected a string") }
        index += 1
        let start = index
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return start..<(index - 1)
            }
            if byte == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if byte < 0x20 { throw failure("control character in a string") }
            index += 1
        }
        index = bytes.count
        throw failure("unexpected end of data")
    }

    /// Calls `member` with each key of the object at the cursor, the cursor on the member's
    /// value; `member` either consumes the value or returns `false` to have it skipped.
    package mutating func scanObject(
        _ member: (inout JSONScanner, Range<Int>) throws(JSONParser.Failure) -> Bool
    ) throws(JSONParser.Failure) {
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
    mutating func scanArray(
        _ element: (inout JSONScanner) throws(JSONParser.Failure) -> Void
    )
        throws(JSONParser.Failure)
    {
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
    @discardableResult
    package mutating func skipValue() throws(JSONParser.Failure) -> Range<Int> {
        skipWhitespace()
        let start = index
        switch current {
        case UInt8(ascii: "\"")?:
            _ = try scanString()
        case UInt8(ascii: "{")?:
            try scanObject { _, _ throws(JSONParser.Failure) in false }
        case UInt8(ascii: "[")?:
            try scanArray { scanner throws(JSONParser.Failure) in try scanner.skipValue() }
        case UInt8(ascii: "t")?: try skipLiteral("true")
        case UInt8(ascii: "f")?: try skipLiteral("false")
        case UInt8(ascii: "n")?: try skipLiteral("null")
        case let byte? where byte == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte):
            index += 1
            while let byte = current, Self.isNumberByte(byte) { index += 1 }
        default:
            throw failure("unexpected character")
        }
        return start..<index
    }

    private mutating func skipLiteral(_ literal: StaticString) throws(JSONParser.Failure) {
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

    private mutating func enter() throws(JSONParser.Failure) {
        depth += 1
        guard depth <= JSONParser.maximumDepth else { throw failure("nesting is too deep") }
    }

    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}
