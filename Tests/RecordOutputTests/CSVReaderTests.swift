import Testing

@testable import RecordOutput

/// `CSVReader`: RFC 4180 as Bulk API 2.0 writes it, and one sentence for what is not CSV.
@Suite struct CSVReaderTests {
    static func rows(_ text: String, delimiter: Character = ",") throws -> [[String?]] {
        try CSVReader.rows(Array(text.utf8), delimiter: delimiter.asciiValue!)
    }

    @Test func quotedFieldsHoldDelimitersLineBreaksAndDoubledQuotes() throws {
        let text = "\"Id\",\"Name\"\n\"1\",\"a, b\"\n\"2\",\"say \"\"hi\"\"\"\n\"3\",\"two\nlines\r\nand CRLF\"\n"
        #expect(
            try Self.rows(text) == [
                ["Id", "Name"], ["1", "a, b"], ["2", "say \"hi\""], ["3", "two\nlines\r\nand CRLF"],
            ])
    }

    @Test func anUnquotedEmptyFieldIsNilAndAQuotedOneEmpty() throws {
        #expect(try Self.rows("a,,\"\",b\n") == [["a", nil, "", "b"]])
        #expect(try Self.rows("a,\n") == [["a", nil]])
        #expect(try Self.rows("a,") == [["a", nil]])
    }

    @Test func nonASCIITextAndOtherDelimitersAndLineEndings() throws {
        #expect(try Self.rows("\"Zoë\";\"東京\";\"שלום\";\"😀\"\r\n", delimiter: ";") == [["Zoë", "東京", "שלום", "😀"]])
        #expect(try Self.rows("x\ty\r\nz\tw", delimiter: "\t") == [["x", "y"], ["z", "w"]])
        #expect(try Self.rows("") == [])
    }

    @Test(arguments: [
        ("\"open\n", "a quoted field is not closed", 1),
        ("a\n\"x\"y\n", "a field goes on after its closing quote", 2),
        ("a\nb\"c\n", "a quote inside an unquoted field", 2),
    ])
    func whatIsNotCSVIsOneSentenceWithItsLine(_ text: String, _ message: String, _ line: Int) {
        let error = #expect(throws: CSVReader.Failure.self) { try Self.rows(text) }
        #expect(error?.message == message)
        #expect(error?.line == line)
        #expect(error?.description == "the CSV results are not valid on line \(line): \(message).")
    }
}
