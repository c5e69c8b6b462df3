import Testing

@testable import ContactList

@Suite("Input decoder")
struct InputDecoderTests {
    /// Feeds text one scalar at a time (as `get_wch` hands it over), then the end of the input.
    static func decode(_ text: String, decoder: inout InputDecoder) -> [Key] {
        text.unicodeScalars.flatMap { decoder.feed(.scalar($0.value)) } + decoder.endOfInput()
    }

    static func decode(_ text: String) -> [Key] {
        var decoder = InputDecoder()
        return decode(text, decoder: &decoder)
    }

    @Test(
        "Home and End in every common encoding",
        arguments: [
            ("\u{1B}[1~", Key.home), ("\u{1B}[7~", .home), ("\u{1B}[H", .home), ("\u{1B}OH", .home),
            ("\u{1B}[1;5H", .home), ("\u{1B}[4~", .end), ("\u{1B}[8~", .end), ("\u{1B}[F", .end),
            ("\u{1B}OF", .end),
        ])
    func homeEnd(sequence: String, key: Key) {
        #expect(Self.decode(sequence + "j") == [key, .character("j")])
    }

    @Test("arrows, pages and Delete that ncurses left undecoded")
    func otherKeys() {
        #expect(
            Self.decode("\u{1B}[A\u{1B}OB\u{1B}[C\u{1B}[D\u{1B}[5~\u{1B}[6~\u{1B}[3~")
                == [.up, .down, .right, .left, .pageUp, .pageDown, .delete])
    }

    @Test("a lone ESC is the Escape key; ESC before a letter is Escape, then the letter")
    func escape() {
        #expect(Self.decode("\u{1B}") == [.escape])
        #expect(Self.decode("\u{1B}x") == [.escape, .character("x")])
        var decoder = InputDecoder()
        #expect(decoder.feed(.scalar(0x1B)).isEmpty)
        #expect(decoder.feed(.key(.up)) == [.escape, .up])
    }

    @Test("an unknown sequence is dropped whole, never typed")
    func unknownSequence() {
        #expect(Self.decode("\u{1B}[?25hq") == [.character("q")])
        #expect(Self.decode("\u{1B}[15~d") == [.character("d")])
    }

    @Test("characters and control chords")
    func characters() {
        #expect(
            Self.decode("aé山\r\t\u{7F}\u{15}\u{17}")
                == [
                    .character("a"), .character("é"), .character("山"), .enter, .tab, .backspace, .control("u"),
                    .control("w"),
                ])
        #expect(Self.decode("\u{00}\u{9B}").isEmpty)
    }

    @Test("a bracketed paste is one event, its newlines, escapes and letters inert")
    func paste() {
        #expect(Self.decode("\u{1B}[200~ava\randrew\u{1B}[201~d") == [.paste("ava\randrew"), .character("d")])
        // An ESC inside the paste that does not end it stays in the text.
        #expect(Self.decode("\u{1B}[200~a\u{1B}[20b\u{1B}\u{1B}[201~") == [.paste("a\u{1B}[20b\u{1B}")])
        #expect(Self.decode("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    }

    @Test("a paste split across reads goes on with the next read; decoded keys inside it are dropped")
    func splitPaste() {
        var decoder = InputDecoder()
        #expect(Self.decode("\u{1B}[200~qd\r", decoder: &decoder).isEmpty)
        #expect(decoder.isInPaste)
        #expect(decoder.feed(.key(.up)).isEmpty)
        #expect(Self.decode("rr\u{1B}[20", decoder: &decoder).isEmpty)
        #expect(Self.decode("1~j", decoder: &decoder) == [.paste("qd\rrr"), .character("j")])
        #expect(!decoder.isInPaste)
    }

    @Test("SGR and X10 mouse reports: a press of the main button is a click, the wheel scrolls")
    func mouse() {
        #expect(Self.decode("\u{1B}[<0;5;3M\u{1B}[<0;5;3m") == [.click(x: 4, y: 2)])
        #expect(Self.decode("\u{1B}[<64;1;1M\u{1B}[<65;1;1M") == [.wheelUp, .wheelDown])
        #expect(Self.decode("\u{1B}[<2;5;3M\u{1B}[<32;5;3M").isEmpty)
        #expect(Self.decode("\u{1B}[M %$\u{1B}[M#%$") == [.click(x: 4, y: 3)])
        #expect(Self.decode("\u{1B}[Ma!!j") == [.wheelDown, .character("j")])
    }
}

@Suite("Double-click")
struct DoubleClickDetectorTests {
    @Test("a second press on the same row within the interval is a double-click; a third starts over")
    func doubleClick() {
        var detector = DoubleClickDetector()
        let start = ContinuousClock.now
        #expect(detector.classify(.click(x: 3, y: 5), at: start) == .click(x: 3, y: 5))
        #expect(detector.classify(.click(x: 9, y: 5), at: start + .milliseconds(300)) == .doubleClick(x: 9, y: 5))
        #expect(detector.classify(.click(x: 9, y: 5), at: start + .milliseconds(350)) == .click(x: 9, y: 5))
    }

    @Test("a slow second press, or one on another row, is a click")
    func notDoubleClick() {
        var detector = DoubleClickDetector()
        let start = ContinuousClock.now
        _ = detector.classify(.click(x: 3, y: 5), at: start)
        #expect(detector.classify(.click(x: 3, y: 5), at: start + .milliseconds(401)) == .click(x: 3, y: 5))
        #expect(detector.classify(.click(x: 3, y: 6), at: start + .milliseconds(500)) == .click(x: 3, y: 6))
        #expect(detector.classify(.character("j"), at: start + .milliseconds(510)) == .character("j"))
    }
}
