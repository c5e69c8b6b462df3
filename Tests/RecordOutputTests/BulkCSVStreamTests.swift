import SOQL
import Testing

@testable import RecordOutput

/// `list --bulk` converts each piece of results as its bytes arrive: a row split between chunks
/// (inside a quoted field, a doubled quote, a CRLF or a UTF-8 character) is kept until it ends,
/// and the lines written are those of the whole piece converted at once.
@Suite struct BulkCSVStreamTests {
    static let soql = BulkCSVLayoutTests.soql
    static let csv = BulkCSVLayoutTests.csv

    /// `pieces` converted as the chunks `split` cuts each into, with `finish` after the last.
    static func streamed(
        _ pieces: [[UInt8]], _ format: RecordWriter.Format, split: ([UInt8]) -> [ArraySlice<UInt8>]
    ) throws -> String {
        var stream = BulkCSVStream(
            writer: RecordWriter(format: format, selectList: SelectList(soql: soql)), reading: .init(kinds: [:]))
        var output: [UInt8] = []
        for piece in pieces {
            for chunk in split(piece) { try stream.append(chunk, into: &output) }
            try stream.endPiece(into: &output)
        }
        var writer = stream.writer
        writer.finish(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    static func cut(_ bytes: [UInt8], at offset: Int) -> [ArraySlice<UInt8>] {
        [bytes[..<offset], bytes[offset...]]
    }

    static func byteByByte(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        bytes.indices.map { bytes[$0...$0] }
    }

    static func offset(of text: String, in bytes: [UInt8]) -> Int {
        let needle = Array(text.utf8)
        return (0...bytes.count - needle.count).first { bytes[$0..<$0 + needle.count].elementsEqual(needle) }!
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func everyCutInTwoWritesTheWholePiecesLines(_ format: RecordWriter.Format) throws {
        let whole = try BulkCSVLayoutTests.direct(Self.csv, format)
        for offset in 0...Self.csv.count {
            #expect(try Self.streamed([Self.csv], format) { Self.cut($0, at: offset) } == whole, "cut at \(offset)")
        }
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func aCutInsideADoubledQuoteACRLFOrAUTF8Character(_ format: RecordWriter.Format) throws {
        let whole = try BulkCSVLayoutTests.direct(Self.csv, format)
        let cuts = [
            ("between the quotes of a doubled quote", Self.offset(of: "\"\"hi", in: Self.csv) + 1),
            ("between the CR and LF of a row's end", Self.offset(of: "\r\n\"2\"", in: Self.csv) + 1),
            ("between the CR and LF inside a quoted field", Self.offset(of: "\r\nend", in: Self.csv) + 1),
            ("inside ë's two bytes", Self.offset(of: "ë", in: Self.csv) + 1),
            ("inside 😀's four bytes", Self.offset(of: "😀", in: Self.csv) + 2),
        ]
        for (place, offset) in cuts {
            #expect(try Self.streamed([Self.csv], format) { Self.cut($0, at: offset) } == whole, "\(place)")
        }
    }

    @Test(arguments: RecordWriter.Format.allCases)
    func piecesByteByByteWriteWhatWholePiecesWrite(_ format: RecordWriter.Format) throws {
        // More rows than the TSV header is spelled from, so that its spelling waits across chunks.
        let header = "\"Id\",\"Name\",\"Description\",\"Account.Name\"\n"
        let first = Array((header + (1...150).map { "\"\($0)\",\"Zoë\",\"a \"\"b\"\"\r\nc\",\"\"\n" }.joined()).utf8)
        let second = Array((header + "\"151\",\"東京\",,\"x\"\n\"152\",,,\"y\"").utf8)
        var writer = RecordWriter(format: format, selectList: SelectList(soql: Self.soql))
        var whole: [UInt8] = []
        try writer.write(bulkCSV: first, reading: .init(kinds: [:]), into: &whole)
        try writer.write(bulkCSV: second, reading: .init(kinds: [:]), into: &whole)
        writer.finish(into: &whole)
        let streamed = try Self.streamed([first, second], format) { Self.byteByByte($0) }
        #expect(streamed == String(decoding: whole, as: UTF8.self))
        #expect(streamed.contains("152"))
    }

    @Test func aRowNotYetEndedIsLeftForTheNextScan() throws {
        let bytes = Array("a,b\r\n1,\"x\ny\r".utf8)
        var rows: [[String]] = []
        let stop = try CSVReader.scan(bytes, delimiter: UInt8(ascii: ","), final: false) { row in
            rows.append(row.fields.map { String(decoding: $0.text, as: UTF8.self) })
            return true
        }
        #expect(rows == [["a", "b"]])
        #expect(stop == CSVReader.Stop(consumed: 5, line: 2))
    }

    @Test func aQuotedFieldNotClosedWhenThePieceEndsIsStillAnErrorOnItsLine() throws {
        let bytes = Array(
            "\"Id\",\"Name\",\"Description\",\"Account.Name\"\n\"1\",\"a\",\"b\",\"c\"\n\"2\",\"open".utf8)
        #expect(throws: CSVReader.Failure(message: "a quoted field is not closed", line: 3)) {
            try Self.streamed([bytes], .json) { Self.byteByByte($0) }
        }
    }
}
