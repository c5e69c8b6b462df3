import Foundation
import TestSupport
import Testing

@testable import JSONKit

@Suite struct JSONSyntaxTests {
    @Test(arguments: [
        #"{}"#, #"[]"#, #" "text" "#, "0", "-0.5e+3", #"{"a":[1,-2.5E3,true,false,null,"x\u00e9\n\/"],"b":{}}"#,
        "\n{\r\n\t\"Title\" : \"CTO\"\n}\n", #"{"LastName":"山田 🚀"}"#,
    ])
    func acceptsJSON(_ text: String) {
        #expect(JSONSyntax.firstError(in: Array(text.utf8)) == nil)
    }

    @Test func acceptsWhatFoundationWrites() throws {
        var random = SeededGenerator(seed: 99)
        for _ in 0..<200 {
            let value = Self.randomValue(&random, depth: 0)
            let data = try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed])
            #expect(JSONSyntax.firstError(in: Array(data)) == nil, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    static func randomValue(_ random: inout SeededGenerator, depth: Int) -> Any {
        switch random.below(depth > 3 ? 4 : 6) {
        case 0: return random.below(2) == 0
        case 1: return Double(random.below(2_000_000)) / 7 - 100_000
        case 2: return NSNull()
        case 3: return String((0..<random.below(12)).map { _ in "aé\"\\\n\u{1}山🚀 /".randomElement(using: &random)! })
        case 4: return (0..<random.below(5)).map { _ in randomValue(&random, depth: depth + 1) }
        default:
            return Dictionary(
                (0..<random.below(5)).map { ("k\($0)", randomValue(&random, depth: depth + 1)) },
                uniquingKeysWith: { a, _ in a })
        }
    }

    @Test(
        arguments: [
            // Body, then the message Salesforce's parser gives for it.
            ("", "No content to map due to end-of-input at [line:1, column:0]"),
            ("  \n ", "No content to map due to end-of-input at [line:1, column:0]"),
            ("[01]", "Invalid numeric value: Leading zeroes not allowed at [line:1, column:3]"),
            (#"{"Title":"#, "Unexpected end-of-input: expected a value at [line:1, column:10]"),
            (#"{"Title":"CTO""#, "Unexpected end-of-input: expected close marker for OBJECT at [line:1, column:15]"),
            (
                #"{"Title":"CTO"#,
                "Unexpected end-of-input: was expecting closing quote for a string value at [line:1, column:14]"
            ),
            (
                #"{"a":1,}"#,
                "Unexpected character ('}' (code 125)): was expecting double-quote to start field name at [line:1, column:8]"
            ),
            (
                "[1,]",
                "Unexpected character (']' (code 93)): expected a valid value (number, String, array, object, 'true', 'false' or 'null') at [line:1, column:4]"
            ),
            (
                "{nope",
                "Unexpected character ('n' (code 110)): was expecting double-quote to start field name at [line:1, column:2]"
            ),
            (
                #"{"a" 1}"#,
                "Unexpected character ('1' (code 49)): was expecting a colon to separate field name and value at [line:1, column:6]"
            ),
            (
                #"{"a":1 "b":2}"#,
                "Unexpected character ('\"' (code 34)): was expecting comma to separate Object entries at [line:1, column:8]"
            ),
            (
                "[1 2]",
                "Unexpected character ('2' (code 50)): was expecting comma to separate Array entries at [line:1, column:4]"
            ),
            (#"{"a":"\q"}"#, "Unrecognized character escape 'q' (code 113) at [line:1, column:8]"),
            (
                "{\"a\":\"x\u{1}\"}",
                "Illegal unquoted character ((CTRL-CHAR, code 1)): has to be escaped using backslash to be included in string value at [line:1, column:8]"
            ),
            (#"{"a":tru}"#, "Unexpected character ('}' (code 125)): was expecting 'true' at [line:1, column:9]"),
            (
                #"{"a":1}x"#,
                "Unexpected character ('x' (code 120)): expected end of input after the root value at [line:1, column:8]"
            ),
            (
                "{\n  \"Title\": ,\n}",
                "Unexpected character (',' (code 44)): expected a valid value (number, String, array, object, 'true', 'false' or 'null') at [line:2, column:12]"
            ),
            // Bodies that end where a digit, a hex digit or a letter must come (found by fuzzing).
            ("[165e", "Unexpected end-of-input: Exponent indicator not followed by a digit at [line:1, column:6]"),
            ("1.", "Unexpected end-of-input: Decimal point not followed by a digit at [line:1, column:3]"),
            ("-", "Unexpected end-of-input: expected digit (0-9) to follow minus sign at [line:1, column:2]"),
            (
                #""\u12"#,
                "Unexpected end-of-input: expected a hex-digit for character escape sequence at [line:1, column:6]"
            ),
            ("[tr", "Unexpected end-of-input: was expecting 'true' at [line:1, column:4]"),
            (
                #"["\ud83d\ude80", "\ud83d"]"#,
                "Unpaired high surrogate in character escape sequence at [line:1, column:19]"
            ),
            (#"["\uDCac"]"#, "Unpaired low surrogate in character escape sequence at [line:1, column:3]"),
            (#"{"a": 66665e766}"#, "Numeric value (66665e766) out of range of double at [line:1, column:7]"),
            ("{\"a\":\"\u{FF}\"}", nil),
        ] as [(String, String?)])
    func reportsTheFirstErrorWhereItIs(_ body: String, _ message: String?) throws {
        var bytes = Array(body.utf8)
        var expected = message
        if body.unicodeScalars.contains(where: { $0.value == 0xFF }) {
            // A raw 0xFF byte, which is not UTF-8, where the ÿ was written.
            bytes = Array(#"{"a":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
            expected = "Invalid UTF-8 start byte 0xff at [line:1, column:7]"
        }
        let failure = try #require(JSONSyntax.firstError(in: bytes))
        #expect(JSONSyntax.message(for: failure, in: bytes) == expected)
    }

    @Test func namesTheBadByteOfBrokenUTF8() throws {
        // é is C3 A9: a lone A9 is a bad start byte; C3 followed by a quote is a bad middle byte.
        for (bytes, message) in [
            ([0x22, 0xA9, 0x22], "Invalid UTF-8 start byte 0xa9 at [line:1, column:2]"),
            ([0x22, 0xC3, 0x22], "Invalid UTF-8 middle byte 0x22 at [line:1, column:3]"),
        ] as [([UInt8], String)] {
            let failure = try #require(JSONSyntax.firstError(in: bytes))
            #expect(JSONSyntax.message(for: failure, in: bytes) == message)
        }
    }

    @Test func refusesNestingTooDeepWithoutExhaustingTheStack() throws {
        let bytes = Array(String(repeating: "[", count: 100_000).utf8)
        let failure = try #require(JSONSyntax.firstError(in: bytes))
        #expect(failure.reason == "Nesting too deep")
        #expect(failure.offset == JSONScanner.maximumDepth)
    }
}
