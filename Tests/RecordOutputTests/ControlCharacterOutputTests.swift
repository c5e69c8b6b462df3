import SOQL
import Testing

@testable import RecordOutput
@testable import RestCore

/// A hostile org's control characters never reach `list`'s output raw: TSV escapes every C0 and
/// C1 control and DEL (`\u001b`), JSON lines escape DEL and C1 as well as C0.
@Suite struct ControlCharacterOutputTests {
    /// ESC, BEL and the short escapes arrive JSON-escaped; DEL and CSI (U+009B) may arrive raw.
    static let page = """
        {"totalSize":2,"done":true,"records":[
          {"attributes":{"type":"Contact","url":"/x"},"Id":"003A",
           "Name":"\\u001b]0;title\\u0007\\u001b[41mred\\b\\f\u{7F}\u{9B}31m\\u0085é\\\\",
           "Title":"tab\\there\u{9B}", "Cases":{"note":"\u{9B}2J"}},
          {"Id":"003B","Name":"ü\u{A0}plain","Title":null}
        ]}
        """

    static let soql = "SELECT Id, Name, Title, Cases FROM Contact"

    /// The output of `format` from the page's bytes and from parsed values, which must agree.
    static func written(_ format: RecordWriter.Format) throws -> String {
        let body = Array(page.utf8)
        var fast = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var fastOutput: [UInt8] = []
        try fast.write(try QueryPageBytes(body: body), into: &fastOutput)
        var slow = RecordWriter(format: format, selectList: SelectList(soql: soql))
        var slowOutput: [UInt8] = []
        slow.write(try QueryResult(json: JSONParser.parse(body)).records, into: &slowOutput)
        #expect(fastOutput == slowOutput)
        #expect(controlBytes(in: fastOutput).isEmpty)
        return String(decoding: fastOutput, as: UTF8.self)
    }

    /// Control characters in `bytes` other than the tab and newline that frame TSV and JSON lines.
    static func controlBytes(in bytes: [UInt8]) -> [UInt8] {
        var found: [UInt8] = []
        for (index, byte) in bytes.enumerated() {
            if (byte < 0x20 && byte != 0x09 && byte != 0x0A) || byte == 0x7F {
                found.append(byte)
            } else if byte == 0xC2, index + 1 < bytes.count, (0x80..<0xA0).contains(bytes[index + 1]) {
                found.append(bytes[index + 1])
            }
        }
        return found
    }

    @Test func tsvEscapesEveryControlCharacter() throws {
        let lines = try Self.written(.tsv).split(separator: "\n")
        #expect(lines.count == 3)
        #expect(
            lines[1]
                == #"003A\#t\u001b]0;title\u0007\u001b[41mred\u0008\u000c\u007f\u009b31m\u0085é\\\#ttab\there\u009b\#t{"note":"\u009b2J"}"#
        )
        #expect(lines[2] == "003B\tü\u{A0}plain\t\t")
    }

    @Test func jsonLinesEscapeDELAndC1() throws {
        let lines = try Self.written(.json).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains(#""Name":"\u001b]0;title\u0007\u001b[41mred\u0008\u000c\u007f\u009b31m\u0085é\\""#))
        #expect(lines[0].contains(#""Cases":{"note":"\u009b2J"}"#))
        #expect(lines[1] == "{\"Id\":\"003B\",\"Name\":\"ü\u{A0}plain\",\"Title\":null}")
    }

    /// Undoes `TSVEscaper`: `\t`, `\n`, `\r`, `\\` and `\uXXXX`.
    static func unescaped(_ field: String) -> String {
        var result = String.UnicodeScalarView()
        var scalars = field.unicodeScalars.makeIterator()
        while let scalar = scalars.next() {
            guard scalar == "\\", let next = scalars.next() else {
                result.append(scalar)
                continue
            }
            switch next {
            case "t": result.append("\t")
            case "n": result.append("\n")
            case "r": result.append("\r")
            case "u":
                let hex = String(String.UnicodeScalarView((0..<4).compactMap { _ in scalars.next() }))
                result.append(Unicode.Scalar(UInt32(hex, radix: 16)!)!)
            default: result.append(next)
            }
        }
        return String(result)
    }

    @Test func tsvEscapesReadBackToTheText() {
        // Every character up to U+00BF, alone, doubled, and beside a backslash and non-ASCII text.
        let scalars: [Unicode.Scalar] = (0..<0xC0).compactMap(Unicode.Scalar.init) + ["é", "日", "😀", "\u{2028}"]
        for scalar in scalars {
            let text = "a\(scalar)\(scalar)\\\(scalar)é日\(scalar)"
            var output: [UInt8] = []
            TSVEscaper.append(text, to: &output)
            #expect(Self.controlBytes(in: output).isEmpty)
            #expect(!output.contains(0x09) && !output.contains(0x0A))
            #expect(Self.unescaped(String(decoding: output, as: UTF8.self)) == text)
        }
    }

    /// A lone `9B` is CSI to an 8-bit terminal; the byte path refuses what the value path's parser
    /// refuses, rather than copying it.
    @Test(arguments: [
        [0x9B], [0x80], [0xC2], [0xE2, 0x82], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF5, 0x80, 0x80, 0x80],
    ])
    func invalidUTF8IsRefusedByBothPaths(bytes: [UInt8]) {
        let body =
            Array(#"{"totalSize":1,"done":true,"records":[{"Id":"003A","Name":"a"#.utf8) + bytes
            + Array(#"b\n","Title":"t"}]}"#.utf8)
        var writer = RecordWriter(format: .tsv, selectList: SelectList(soql: Self.soql))
        var output: [UInt8] = []
        #expect(throws: RestClientError.self) { try writer.write(try QueryPageBytes(body: body), into: &output) }
        #expect(throws: (any Error).self) { try JSONParser.parse(body) }
    }
}
