import JSONKit
import Testing

@Suite struct JSONEscaperTests {
    @Test(arguments: [
        ("plain", #""plain""#), ("", #""""#), ("q\"b\\s/", #""q\"b\\s/""#), ("\n\r\t", #""\n\r\t""#),
        ("\u{0}\u{8}\u{c}\u{1f}\u{7f}", #""\u0000\u0008\u000c\u001f"# + "\u{7f}\""), ("Zoë 山田 🚀", "\"Zoë 山田 🚀\""),
    ])
    func escapesAsSalesforceSends(text: String, expected: String) {
        var output: [UInt8] = []
        JSONEscaper.appendQuoted(text, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }
}
