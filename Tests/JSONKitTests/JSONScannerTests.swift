import JSONKit
import Testing

@Suite struct JSONScannerTests {
    /// Runs `body` with a scanner over `text`.
    func scanning<T>(_ text: String, _ body: (inout JSONScanner) throws(JSONFailure) -> T) throws(JSONFailure) -> T {
        let bytes = Array(text.utf8)
        let result: Result<T, JSONFailure> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONFailure) {
                return .success(try body(&scanner))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    @Test(arguments: [
        (#""plain""#, "plain"), (#""a\"b\\c\/d\n\t\r\b\f""#, "a\"b\\c/d\n\t\r\u{8}\u{c}"),
        (#""\u00e9\ud83d\ude00日本""#, "é😀日本"), (#""""#, ""),
    ])
    func decodesStrings(text: String, expected: String) throws {
        #expect(try scanning(text) { scanner throws(JSONFailure) in try scanner.readString() } == expected)
    }

    @Test(arguments: [#""\x""#, #""\ud800""#, #""\udc00""#, #""\u12""#, #""\ud800\u0041""#, "\"open"])
    func refusesBadStrings(text: String) {
        #expect(throws: JSONFailure.self) {
            try scanning(text) { scanner throws(JSONFailure) in try scanner.readString() }
        }
    }

    @Test func refusesInvalidUTF8() {
        let bytes: [UInt8] = [0x22, 0xFF, 0x22]
        let outcome: Result<String, JSONFailure> = bytes.withUnsafeBufferPointer { buffer in
            var scanner = JSONScanner(bytes: buffer)
            do throws(JSONFailure) {
                return .success(try scanner.readString())
            } catch {
                return .failure(error)
            }
        }
        #expect(throws: JSONFailure.self) { try outcome.get() }
    }

    @Test(arguments: [("0", 0.0), ("-12.5e2", -1250), ("42", 42), ("1E+2", 100), ("0.25", 0.25)])
    func readsNumbers(text: String, expected: Double) throws {
        #expect(try scanning(text) { scanner throws(JSONFailure) in try scanner.readNumber() } == expected)
    }

    @Test(arguments: ["-", "1.", ".5", "1e", "1e+", "-x"])
    func refusesMalformedNumbers(text: String) {
        #expect(throws: JSONFailure.self) {
            try scanning(text) { scanner throws(JSONFailure) in try scanner.readNumber() }
        }
    }

    @Test func skipsValuesAndReportsWhereTheyLie() throws {
        let text = #" {"a":[1,{"b":null}],"c":"x\"y"} "#
        let range = try scanning(text) { scanner throws(JSONFailure) in
            let range = try scanner.skipValue()
            try scanner.expectEnd()
            return range
        }
        #expect(range == 1..<(text.utf8.count - 1))
    }

    @Test func visitsMembersAndSkipsTheRest() throws {
        let keys = try scanning(#"{"a":1,"b":{"c":[true,false]},"d":"e"}"#) { scanner throws(JSONFailure) in
            var keys: [String] = []
            try scanner.scanObject { scanner, key throws(JSONFailure) in
                keys.append(try scanner.decodeString(key))
                guard keys.last == "d" else { return false }
                _ = try scanner.readString()
                return true
            }
            return keys
        }
        #expect(keys == ["a", "b", "d"])
    }

    @Test(arguments: ["{", #"{"a":}"#, "[1,]", "[1 2]", "tru", #"{"a" 1}"#, "{} {}", "\"tab\there\""])
    func refusesMalformedStructure(text: String) {
        #expect(throws: JSONFailure.self) {
            try scanning(text) { scanner throws(JSONFailure) in
                try scanner.skipValue()
                try scanner.expectEnd()
            }
        }
    }

    @Test func refusesRunawayNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONFailure.self) {
            try scanning(deep) { scanner throws(JSONFailure) in try scanner.skipValue() }
        }
    }
}
