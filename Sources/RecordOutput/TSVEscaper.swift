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
    /// and each byte costs one table lookup.
    static func append(_ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
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
                if kind == c2Lead {
                    // U+0080–U+009F are C2 80 … C2 9F in UTF-8; other C2 sequences are letters.
                    guard index + 1 < raw.count, raw[index + 1] & 0xE0 == 0x80 else {
                        index += 1
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
        }
    }

    /// Appends `text`, escaped.
    static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
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
    /// 0xC2, the lead byte of U+0080–U+00BF: an escape when the next byte is 80–9F.
    private static let c2Lead: UInt8 = 2

    /// What each byte of UTF-8 text needs.
    private static let byteKinds: [UInt8] = (0...255).map { byte in
        switch byte {
        case 0x00..<0x20, 0x5C, 0x7F: escaped
        case 0xC2: c2Lead
        default: plain
        }
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
