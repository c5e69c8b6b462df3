import JSONKit

/// Parses JSON bytes into a `JSONValue` tree, strictly (RFC 8259), on JSONKit's scanner. `package`
/// so that the record writers of `list` read values the same way from another target.
///
/// Hand-written rather than Foundation's `JSONSerialization`: it stays only while `make bench`'s
/// JSON row shows it at least twice as fast as Foundation on the same 2,000-record page
/// (docs/BENCHMARKS.md); below that, Foundation takes its place.
package enum JSONParser {
    /// Parses one JSON document that fills all of `bytes` (surrounding whitespace allowed).
    package static func parse(_ bytes: [UInt8]) throws(JSONFailure) -> JSONValue {
        let result: Result<JSONValue, JSONFailure> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONFailure) {
                let value = try scanner.parseValue()
                try scanner.expectEnd()
                return .success(value)
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }
}

extension JSONScanner {
    /// Reads the value at the cursor as a tree.
    package mutating func parseValue() throws(JSONFailure) -> JSONValue {
        skipWhitespace()
        switch current {
        case UInt8(ascii: "{")?: return .object(try parseMembers())
        case UInt8(ascii: "[")?: return .array(try parseElements())
        case UInt8(ascii: "\"")?: return .string(try readString())
        case UInt8(ascii: "t")?:
            try skipLiteral("true")
            return .bool(true)
        case UInt8(ascii: "f")?:
            try skipLiteral("false")
            return .bool(false)
        case UInt8(ascii: "n")?:
            try skipLiteral("null")
            return .null
        case UInt8(ascii: "-")?, UInt8(ascii: "0")?, UInt8(ascii: "1")?, UInt8(ascii: "2")?, UInt8(ascii: "3")?,
            UInt8(ascii: "4")?, UInt8(ascii: "5")?, UInt8(ascii: "6")?, UInt8(ascii: "7")?, UInt8(ascii: "8")?,
            UInt8(ascii: "9")?:
            return .number(try readNumber())
        default:
            throw failure("unexpected character")
        }
    }

    /// The members of the object at the cursor. The loop is written out rather than through
    /// `scanObject`'s callback: this is the hot path of every page the list view loads.
    private mutating func parseMembers() throws(JSONFailure) -> [String: JSONValue] {
        try expect(UInt8(ascii: "{"))
        try enter()
        defer { leave() }
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return members
        }
        while true {
            let key = try scanStringToken()
            try expect(UInt8(ascii: ":"))
            members[try decodeString(key.range, isEscaped: key.isEscaped)] = try parseValue()
            skipWhitespace()
            switch current {
            case UInt8(ascii: ",")?: index += 1
            case UInt8(ascii: "}")?:
                index += 1
                return members
            default: throw failure("expected ',' or '}'")
            }
        }
    }

    private mutating func parseElements() throws(JSONFailure) -> [JSONValue] {
        var elements: [JSONValue] = []
        try scanArray { scanner throws(JSONFailure) in elements.append(try scanner.parseValue()) }
        return elements
    }
}
