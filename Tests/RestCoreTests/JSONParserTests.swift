import Foundation
import JSONKit
import Testing

@testable import RestCore

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #"""
            {"s":"a\"b\\c\/d\n\u00e9\ud83d\ude00日本","n":-12.5e2,"i":42,"z":0,"t":true,"f":false,"x":null,
             "a":[1,[],{}],"o":{"k":"v"}}
            """#
        let parsed = try JSONParser.parse(Array(text.utf8))
        #expect(parsed["s"] == .string("a\"b\\c/d\né😀日本"))
        #expect(parsed["n"] == .number(-1250))
        #expect(parsed["i"]?.stringValue == "42")
        #expect(parsed["z"] == .number(0))
        #expect(parsed["t"] == .bool(true))
        #expect(parsed["f"] == .bool(false))
        #expect(parsed["x"] == .null)
        #expect(parsed["a"] == .array([.number(1), .array([]), .object([:])]))
        #expect(parsed["o"]?["k"]?.stringValue == "v")
    }

    @Test func agreesWithJSONDecoder() throws {
        let text = #"{"records":[{"Name":"Zoë \"Z\" Ångström","Amount":1234.5,"Tags":["α","β"],"Owner":null}]}"#
        let fast = try JSONParser.parse(Array(text.utf8))
        let slow = try JSONDecoder().decode(JSONValue.self, from: Data(text.utf8))
        #expect(fast == slow)
    }

    @Test(arguments: [
        "", "{", #"{"a":1"#, #"{"a":}"#, "[1,]", "tru", "01", "1.", "-", #""\x""#, #""\ud800""#,
        "{} {}", #"{"a" 1}"#, "[1 2]", "\"tab\there\"",
    ])
    func rejectsMalformedJSON(text: String) {
        #expect(throws: JSONFailure.self) { try JSONParser.parse(Array(text.utf8)) }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONFailure.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func rejectsRunawayNesting() {
        let deep = String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000)
        #expect(throws: JSONFailure.self) { try JSONParser.parse(Array(deep.utf8)) }
    }

    @Test func queryPageFromParsedJSONChecksTheShape() throws {
        let page = try QueryResult(
            json: JSONParser.parse(Array(#"{"totalSize":1,"done":true,"records":[{"Id":"x"}]}"#.utf8)))
        #expect(page.totalSize == 1)
        #expect(page.nextRecordsUrl == nil)
        #expect(page.records.first?["Id"]?.stringValue == "x")
        #expect(throws: RestClientError.self) {
            try QueryResult(json: JSONParser.parse(Array(#"{"totalSize":1,"done":true}"#.utf8)))
        }
    }

    @Test func jsonValueRendersNumbersAsSalesforceDoes() {
        #expect(JSONValue.number(42).stringValue == "42")
        #expect(JSONValue.number(-3).stringValue == "-3")
        #expect(JSONValue.number(2.5).stringValue == "2.5")
        #expect(JSONValue.bool(true).stringValue == "true")
        #expect(JSONValue.null.stringValue == nil)
    }
}
