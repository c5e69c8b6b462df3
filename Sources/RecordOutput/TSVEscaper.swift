/// Escapes text for one TSV field, the one way `list` does it, so that no field can break a row
/// or reach a terminal as a control sequence.
///
/// Tab, newline, carriage return and backslash are written `\t`, `\n`, `\r`, `\\`; every other
/// control character (U+0000–U+001F, DEL U+007F and the C1 controls U+0080–U+009F) is written
/// `\u` and four lower-case hex digits, as JSON writes it (`\u001b` for ESC). Reading a field
/// back undoes exactly these escapes. The `--log-file` log writes its lines the same way
/// (`escaped(_:)`), so that one entry stays one line and `tail -f` shows text, never sequences.
public enum TSVEscaper {
    /// Appends the UTF-8 text `raw` to `output`, escaped. Runs that need nothing are copied whole,
    /// and each ASCII byte costs one table lookup. False, with part of `raw` appended, when `raw`
    /// is not valid UTF-8 (a lone `9B` byte would be CSI to an 8-bit terminal): the byte path
    /// refuses such a page, as the value path's parser does.
    @discardableResult
    static func append(_ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        byteKinds.withUnsafeBufferPointer { kinds in
            var runStart = 0
            var index = 0
            while index < raw.count {
                let kind = kinds[Int(raw[index])]
                if kind == plain {
                    index += 1
                    continue
                }
                var scalar = raw[index]
                var length = 1
                if kind == nonASCII {
                    guard let sequence = sequenceLength(raw, at: index) else { return false }
                    // U+0080–U+009F are C2 80 … C2 9F in UTF-8; every other sequence is text.
                    guard scalar == 0xC2, raw[index + 1] < 0xA0 else {
                        index += sequence
                        continue
                    }
                    scalar = raw[index + 1]
                    length = 2
                }
                output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index]))
                appendEscape(scalar, to: &output)
                index += length
                runStart = index
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<raw.count]))
            return true
        }
    }

    /// The length of the UTF-8 sequence at `index`, or nil when it is not a valid one (a stray
    /// continuation byte, a cut-off, overlong or surrogate sequence, a value past U+10FFFF).
    private static func sequenceLength(_ raw: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = raw[index]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: (length, second) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: (length, second) = (3, 0x80...0x9F)
        case 0xF0: (length, second) = (4, 0x90...0xBF)
        case 0xF1...0xF3: length = 4
        case 0xF4: (length, second) = (4, 0x80...0x8F)
        default: return nil
        }
        guard index + length <= raw.count, second.contains(raw[index + 1]) else { return nil }
        for offset in 2..<length where raw[index + offset] & 0xC0 != 0x80 { return nil }
        return length
    }

    /// Appends `text`, escaped.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        _ = text.withUTF8 { append($0, to: &output) }
    }

    /// `text`, escaped; `text` itself when it holds nothing to escape.
    public static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { byteKinds[Int($0)] != plain }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + 16)
        append(text, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends the one ASCII character `byte` (what a JSON short escape such as `\b` stands for),
    /// escaped when it needs to be.
    static func appendASCII(_ byte: UInt8, to output: inout [UInt8]) {
        if byteKinds[Int(byte)] == plain {
            output.append(byte)
        } else {
            appendEscape(byte, to: &output)
        }
    }

    /// The escape of `scalar`, a control character or a backslash.
    private static func appendEscape(_ scalar: UInt8, to output: inout [UInt8]) {
        switch scalar {
        case 0x09: output.append(contentsOf: [0x5C, UInt8(ascii: "t")])
        case 0x0A: output.append(contentsOf: [0x5C, UInt8(ascii: "n")])
        case 0x0D: output.append(contentsOf: [0x5C, UInt8(ascii: "r")])
        case 0x5C: output.append(contentsOf: [0x5C, 0x5C])
        default:
            output.append(contentsOf: [
                0x5C, UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                hexDigits[Int(scalar >> 4)], hexDigits[Int(scalar & 15)],
            ])
        }
    }

    private static let plain: UInt8 = 0
    private static let escaped: UInt8 = 1
    /// A byte of a multi-byte sequence: C2 80 … C2 9F is a C1 control, the rest is text.
    private static let nonASCII: UInt8 = 2

    /// What each byte of UTF-8 text needs.
    private static let byteKinds: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x00..<0x20, 0x5C, 0x7F: escaped
        case 0x80...0xFF: nonASCII
        default: plain
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
