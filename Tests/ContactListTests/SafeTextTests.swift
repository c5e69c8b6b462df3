import Testing

@testable import ContactList

@Suite("Untrusted text")
struct SafeTextTests {
    @Test("plain text is unchanged")
    func plain() {
        for text in ["Zoë Åström", "山田 太郎", "أحمد", "Ana 🎉"] {
            #expect(SafeText.sanitize(text) == text)
        }
    }

    @Test("C0 controls and DEL become visible pictures")
    func controls() {
        #expect(SafeText.sanitize("a\u{1B}[2Jb") == "a␛[2Jb")
        #expect(SafeText.sanitize("x\ry\u{8}z\tw\n") == "x␍y␈z␉w␊")
        #expect(SafeText.sanitize("del\u{7F}") == "del␡")
    }

    @Test("C1 controls become replacement characters")
    func c1() {
        #expect(SafeText.sanitize("a\u{9B}31mb\u{9D}0;title\u{9C}") == "a\u{FFFD}31mb\u{FFFD}0;title\u{FFFD}")
    }

    @Test("bidirectional overrides, isolates and marks are removed")
    func bidi() {
        #expect(SafeText.sanitize("evil\u{202E}txt.exe") == "eviltxt.exe")
        #expect(SafeText.sanitize("\u{2066}a\u{2069}\u{200F}b\u{061C}") == "ab")
    }

    @Test("invalid UTF-8 is replaced")
    func invalidUTF8() {
        #expect(SafeText.sanitize(bytes: [0x41, 0xFF, 0x42, 0xC3]) == "A\u{FFFD}B\u{FFFD}")
    }

    @Test("nothing unsafe survives, whatever the input")
    func randomInput() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            let scalars = (0..<20).compactMap { _ in Unicode.Scalar(UInt32.random(in: 0...0x2100, using: &generator)) }
            let text = String(String.UnicodeScalarView(scalars))
            #expect(!SafeText.sanitize(text).unicodeScalars.contains(where: SafeText.isUnsafe))
        }
    }
}
