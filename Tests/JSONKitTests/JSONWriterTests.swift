import Foundation
import Testing

@testable import JSONKit

@Suite struct JSONWriterTests {
    @Test(arguments: [
        "plain", "", "quote \" and \\ backslash", "line\nbreak\ttab\r", "\u{1}\u{1f}\u{7f}", "Zoë 山田 🚀 עברית",
        "\"leading quote and a run long enough to live on the heap", "a heap-sized run that ends in a backslash \\",
        "runs \"between\" several \n escapes \u{0} in one long string",
    ])
    func stringsRoundTripThroughAJSONParser(_ text: String) throws {
        var writer = JSONWriter()
        writer.beginObject()
        writer.pair("text", text)
        writer.key("list")
        writer.beginArray()
        writer.number(1)
        writer.null()
        writer.bool(false)
        writer.endArray()
        writer.endObject()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String: Any])
        #expect(parsed["text"] as? String == text)
        let list = try #require(parsed["list"] as? [Any])
        #expect(list.count == 3 && list[1] is NSNull)
    }

    @Test func unescapedStringsAreQuotedAndSeparated() throws {
        var writer = JSONWriter()
        writer.beginArray()
        writer.unescapedString { $0.append(contentsOf: "003".utf8) }
        writer.unescapedString { _ in }
        writer.endArray()
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [String])
        #expect(parsed == ["003", ""])
    }
}
