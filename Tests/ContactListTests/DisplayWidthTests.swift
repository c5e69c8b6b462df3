import Testing

@testable import ContactList

@Suite("Display width")
struct DisplayWidthTests {
    @Test(
        "measures graphemes as a terminal does",
        arguments: [
            ("abc", 3), ("é", 1), ("e\u{301}", 1), ("日本", 4), ("김", 2), ("😀", 2), ("👍🏽", 2),
            ("مرحبا", 5), ("", 0), ("Ｆ", 2),
        ])
    func widths(text: String, expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test("cuts by columns and ends in an ellipsis")
    func truncate() {
        #expect(DisplayWidth.truncate("Hello", toWidth: 5) == "Hello")
        #expect(DisplayWidth.truncate("Hello!", toWidth: 5) == "Hell…")
        // A wide character that would straddle the edge is left out whole.
        #expect(DisplayWidth.truncate("日本語", toWidth: 4) == "日…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("日本語", toWidth: 4)) == 3)
        #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
    }

    @Test("pads to an exact width")
    func pad() {
        #expect(DisplayWidth.pad("ab", toWidth: 4) == "ab  ")
        #expect(DisplayWidth.of(DisplayWidth.pad("日本語です", toWidth: 7)) == 7)
    }
}
