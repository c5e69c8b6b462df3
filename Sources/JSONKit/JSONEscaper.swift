/// Writes text as a quoted JSON string, the one way the package escapes JSON.
///
/// Quote, backslash, newline, carriage return and tab take their short escapes; other control
/// characters are written `\u00XX` (lower-case hex); everything else, `/` and non-ASCII included,
/// is copied as it is.
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
        output.append(UInt8(ascii: "\""))
        var runStart = 0
        for index in 0..<raw.count {
            let byte = raw[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: raw[runStart..<index]))
            runStart = index + 1
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
