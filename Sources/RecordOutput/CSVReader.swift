/// Reads CSV as Salesforce's Bulk API 2.0 writes its query results (RFC 4180): fields split by a
/// delimiter, lines by LF or CRLF, a field in double quotes may hold the delimiter, line breaks
/// and quotes (doubled). An unquoted empty field reads `nil`, a quoted one `""`, so that a caller
/// can tell them apart.
///
/// Hand-written rather than taken from the local mirror: SwiftCSV 0.10.0 and CSV.swift 2.5.2
/// both read a `String` (SwiftCSV the whole text at once, CSV.swift scalar by scalar through an
/// `InputStream`), where results arrive as bytes, a piece at a time, and neither tells a quoted
/// empty field from an unquoted one, which is how null and empty text differ in a CSV. `scan`
/// hands each row's fields over as byte ranges, with no `String` made, which is what lets
/// `list --bulk` keep up with REST paging (docs/BENCHMARKS.md, "Bulk API 2.0").
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
        try scan(bytes, delimiter: delimiter) { row in
            rows.append(
                row.fields.map { $0.quoted || !$0.text.isEmpty ? String(decoding: $0.text, as: UTF8.self) : nil })
            return true
        }
        return rows
    }

    /// Where a scan of bytes that are not all there yet stopped: the rows before `consumed` were
    /// read; the bytes from there are a row not yet ended (perhaps split inside a quoted field, a
    /// CRLF or a UTF-8 character), to be scanned again with the bytes after them, from `line`.
    struct Stop: Equatable {
        let consumed: Int
        let line: Int
    }

    /// Calls `body` with each row of `bytes` in turn, until it answers false. A row's fields point
    /// into `bytes` (or, for a field with a doubled quote, into a copy with one quote) and are
    /// valid only during the call. With `final` false, more bytes are still to come: a last row
    /// with no line break after it is not read but left for the next scan (see `Stop`).
    @discardableResult
    static func scan(
        _ bytes: [UInt8], delimiter: UInt8, from line: Int = 1, final: Bool = true,
        _ body: (CSVRow) throws(Failure) -> Bool
    ) throws(Failure) -> Stop {
        try scan(bytes[...], delimiter: delimiter, from: line, final: final, body)
    }

    /// `scan` of bytes where they lie, in a larger array; `Stop.consumed` counts from their start.
    @discardableResult
    static func scan(
        _ bytes: ArraySlice<UInt8>, delimiter: UInt8, from line: Int = 1, final: Bool = true,
        _ body: (CSVRow) throws(Failure) -> Bool
    ) throws(Failure) -> Stop {
        let outcome: Result<Stop, Failure> = bytes.withUnsafeBufferPointer { buffer in
            // A field with doubled quotes is copied here, one quote each: never longer than the input.
            let unquoted = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(buffer.count, 1))
            defer { unquoted.deallocate() }
            do throws(Failure) {
                return .success(
                    try scan(buffer, delimiter: delimiter, from: line, final: final, unquoted: unquoted, body))
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    private static func scan(
        _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8, from firstLine: Int, final: Bool,
        unquoted: UnsafeMutableBufferPointer<UInt8>, _ body: (CSVRow) throws(Failure) -> Bool
    ) throws(Failure) -> Stop {
        var row = CSVRow(line: firstLine)
        var used = 0
        var line = firstLine
        var index = 0
        // Where the row being read starts: a scan that is not final stops there when the bytes end first.
        var rowStart = 0
        let count = bytes.count
        while index < count {
            if bytes[index] == quote {
                let startLine = line
                index += 1
                var start = index
                var copyStart: Int?
                var closed = false
                while index < count {
                    let byte = bytes[index]
                    if byte == quote {
                        if index + 1 < count, bytes[index + 1] == quote {
                            // A doubled quote: keep one, so the field is copied from here on.
                            if copyStart == nil { copyStart = used }
                            copy(bytes, start...index, to: unquoted, at: &used)
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
                guard closed else {
                    guard final else { return Stop(consumed: rowStart, line: row.line) }
                    throw Failure(message: "a quoted field is not closed", line: startLine)
                }
                if let copyStart {
                    copy(bytes, start..<index, to: unquoted, at: &used)
                    row.fields.append(
                        CSVRow.Field(text: UnsafeBufferPointer(rebasing: unquoted[copyStart..<used]), quoted: true))
                } else {
                    row.fields.append(
                        CSVRow.Field(text: UnsafeBufferPointer(rebasing: bytes[start..<index]), quoted: true))
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
                row.fields.append(
                    CSVRow.Field(text: UnsafeBufferPointer(rebasing: bytes[start..<index]), quoted: false))
            }
            guard index < count else { break }
            switch bytes[index] {
            case delimiter:
                index += 1
                if index == count {
                    row.fields.append(CSVRow.Field(text: UnsafeBufferPointer(rebasing: bytes[count...]), quoted: false))
                }
            case lineFeed, carriageReturn:
                if bytes[index] == carriageReturn {
                    // The LF of a CRLF may be in the next bytes.
                    guard index + 1 < count || final else { return Stop(consumed: rowStart, line: row.line) }
                    guard index + 1 < count, bytes[index + 1] == lineFeed else {
                        throw Failure(message: "a field goes on after its closing quote", line: line)
                    }
                    index += 1
                }
                index += 1
                guard try body(row) else { return Stop(consumed: index, line: line + 1) }
                row.fields.removeAll(keepingCapacity: true)
                row.line = line + 1
                used = 0
                line += 1
                rowStart = index
            default:
                throw Failure(message: "a field goes on after its closing quote", line: line)
            }
        }
        guard final else { return Stop(consumed: rowStart, line: row.line) }
        if !row.fields.isEmpty { _ = try body(row) }
        return Stop(consumed: count, line: line)
    }

    private static func copy<Range: RangeExpression<Int>>(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range, to target: UnsafeMutableBufferPointer<UInt8>,
        at used: inout Int
    ) {
        let source = UnsafeBufferPointer(rebasing: bytes[range])
        _ = UnsafeMutableBufferPointer(rebasing: target[used...]).initialize(from: source)
        used += source.count
    }
}
