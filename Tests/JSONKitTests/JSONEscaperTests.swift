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

    /// What a person reads escapes DEL and C1 too (CSI U+009B included); other text, U+00A0 on, is
    /// copied as the wire's escaper copies it.
    @Test(arguments: [
        ("\u{1b}]0;t\u{7}\u{7f}\u{80}\u{9b}2J\u{9f}", #""\u001b]0;t\u0007\u007f\u0080\u009b2J\u009f""#),
        ("\u{a0}é\u{c2}\u{2028}q\"", "\"\u{a0}é\u{c2}\u{2028}q\\\"\""), ("Zoë 山田 🚀", "\"Zoë 山田 🚀\""),
    ])
    func escapesEveryControlForTheTerminal(text: String, expected: String) {
        var output: [UInt8] = []
        JSONEscaper.appendQuotedForTerminal(text, to: &output)
        #expect(String(decoding: output, as: UTF8.self) == expected)
    }
}
