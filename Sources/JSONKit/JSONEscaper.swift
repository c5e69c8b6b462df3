/// Writes text as a quoted JSON string, the one way the package escapes JSON.
///
/// Quote, backslash, newline, carriage return and tab take their short escapes; other control
/// characters are written `\u00XX` (lower-case hex); everything else, `/` and non-ASCII included,
/// is copied as it is (`appendQuotedForTerminal` escapes DEL and the C1 controls as well).
package enum JSONEscaper {
    /// Appends `text` to `output` as a quoted JSON string.
    package static func appendQuoted(_ text: String, to output: inout [UInt8]) {
        // Scan and copy runs from the UTF-8 buffer, not byte by byte through the view.
        var text = text
        text.withUTF8 { appendQuoted($0, to: &output) }
    }

    /// Appends the UTF-8 text `raw` to `output` as a quoted JSON string: runs that need no
    /// escaping are copied whole.
    package static func appendQuoted(_ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        appendQuoted(raw, escapingEveryControl: false, to: &output)
    }

    /// Appends `text` as a quoted JSON string in which DEL and the C1 controls (U+0080–U+009F)
    /// are escaped too (`\u007f`, `\u009b`), so that the text is safe on a terminal. JSON allows
    /// them raw; what is printed for a person must not carry them.
    package static func appendQuotedForTerminal(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { appendQuoted($0, escapingEveryControl: true, to: &output) }
    }

    /// Appends the UTF-8 text `raw` as `appendQuotedForTerminal(_:to:)` appends a `String`.
    package static func appendQuotedForTerminal(_ raw: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        appendQuoted(raw, escapingEveryControl: true, to: &output)
    }

    @inline(__always)
    private static func appendQuoted(
        _ raw: UnsafeBufferPointer<UInt8>, escapingEveryControl: Bool, to output: inout [UInt8]
    ) {
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        var index = 0
        while index < raw.count {
            var byte = raw[index]
            var length = 1
            if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
                guard escapingEveryControl else {
                    index += 1
                    continue
                }
                // DEL, or C2 80 … C2 9F: the UTF-8 of U+0080–U+009F.
                if byte == 0xC2, index + 1 < raw.count, raw[index + 1] & 0xE0 == 0x80 {
                    byte = raw[index + 1]
                    length = 2
                } else if byte != 0x7F {
                    index += 1
                    continue
                }
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index]))
            index += length
            runStart = index
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [92, 34])
            case UInt8(ascii: "\\"): output.append(contentsOf: [92, 92])
            case 0x0A: output.append(contentsOf: [92, UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [92, UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [92, UInt8(ascii: "t")])
            default:
                output.append(contentsOf: [
                    92, UInt8(ascii: "u"), 48, 48, hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 15)],
                ])
            }
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<raw.count]))
        output.append(UInt8(ascii: "\""))
    }

    private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}
