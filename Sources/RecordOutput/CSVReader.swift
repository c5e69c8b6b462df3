/// Reads CSV as Salesforce's Bulk API 2.0 writes its query results (RFC 4180): fields split by a
/// delimiter, lines by LF or CRLF, a field in double quotes may hold the delimiter, line breaks
/// and quotes (doubled). An unquoted empty field reads `nil`, a quoted one `""`, so that a caller
/// can tell them apart.
///
/// Hand-written rather than taken from the local mirror: SwiftCSV 0.10.0 and CSV.swift 2.5.2
/// both read a `String` (SwiftCSV the whole text at once, CSV.swift scalar by scalar through an
/// `InputStream`), where results arrive as bytes, a piece at a time, and neither tells a quoted
/// empty field from an unquoted one, which is how null and empty text differ in a CSV.
public enum CSVReader {
    /// Why bytes are not CSV, with the line (from 1) where the trouble starts.
    public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
        public let message: String
        public let line: Int

        public var description: String { "the CSV results are not valid on line \(line): \(message)." }
    }

    private static let quote = UInt8(ascii: "\"")
    private static let lineFeed = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")

    /// Every row of `bytes`; a final line break ends the last row and adds none. Invalid UTF-8 is
    /// replaced, as `String(decoding:as:)` does.
    public static func rows(_ bytes: [UInt8], delimiter: UInt8 = UInt8(ascii: ",")) throws(Failure) -> [[String?]] {
        var rows: [[String?]] = []
        var row: [String?] = []
        var line = 1
        var index = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == quote {
                let startLine = line
                index += 1
                var start = index
                var copy: [UInt8]?
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count, bytes[index + 1] == quote {
                            // A doubled quote: keep one, so the field is copied from here on.
                            copy = (copy ?? []) + bytes[start...index]
                            index += 2
                            start = index
                            continue
                        }
                        closed = true
                        break
                    }
                    if byte == lineFeed { line += 1 }
                    index += 1
                }
                guard closed else { throw Failure(message: "a quoted field is not closed", line: startLine) }
                if var copied = copy {
                    copied += bytes[start..<index]
                    row.append(String(decoding: copied, as: UTF8.self))
                } else {
                    row.append(String(decoding: bytes[start..<index], as: UTF8.self))
                }
                index += 1
            } else {
                let start = index
                while index < count, bytes[index] != delimiter, bytes[index] != lineFeed, bytes[index] != carriageReturn
                {
                    guard bytes[index] != quote else {
                        throw Failure(message: "a quote inside an unquoted field", line: line)
                    }
                    index += 1
                }
                row.append(start == index ? nil : String(decoding: bytes[start..<index], as: UTF8.self))
            }
            guard index < count else { break }
            switch bytes[index] {
            case delimiter:
                index += 1
                if index == count { row.append(nil) }
            case lineFeed:
                index += 1
                rows.append(row)
                row = []
                line += 1
            case carriageReturn where index + 1 < count && bytes[index + 1] == lineFeed:
                index += 2
                rows.append(row)
                row = []
                line += 1
            default:
                throw Failure(message: "a field goes on after its closing quote", line: line)
            }
        }
        if !row.isEmpty { rows.append(row) }
        return rows
    }
}
