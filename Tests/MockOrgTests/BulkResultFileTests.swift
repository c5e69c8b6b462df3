import NIOCore
import Testing

@testable import MockOrg

/// A job's result file: lines written in slices read back as ranges, with the header row, and
/// pieces sized by bytes when the client does not ask for a number of records.
@Suite struct BulkResultFileTests {
    struct NoTemporaryFile: Error {}

    /// A file of `count` lines `"n"\n`, written in slices of three lines.
    static func file(lines count: Int) throws -> BulkResultFile {
        guard var writer = BulkResultFile.Writer(header: Array("\"N\"\n".utf8)) else {
            throw NoTemporaryFile()
        }
        var row = 0
        while row < count {
            var bytes: [UInt8] = []
            var ends: [Int] = []
            for line in row..<min(count, row + 3) {
                bytes += Array("\"\(line)\"\n".utf8)
                ends.append(bytes.count)
            }
            let appended = writer.append(bytes, ends: ends)
            #expect(appended)
            row += 3
        }
        return writer.finish()
    }

    /// The header row and lines `rows`, read back as a piece sends them.
    static func csv(_ file: BulkResultFile, rows: Range<Int>) throws -> ByteBuffer {
        var buffer = ByteBuffer(bytes: file.header)
        try file.append(rows: rows, to: &buffer)
        return buffer
    }

    @Test func linesWrittenInSlicesReadBackAsAnyRangeAfterTheHeader() throws {
        let file = try Self.file(lines: 20)
        #expect(file.count == 20)
        let piece = try Self.csv(file, rows: 4..<12)
        #expect(String(buffer: piece) == "\"N\"\n" + (4..<12).map { "\"\($0)\"\n" }.joined())
        #expect(String(buffer: try Self.csv(file, rows: 20..<20)) == "\"N\"\n")
    }

    @Test func aPieceHoldsAsManyLinesAsTheByteBudgetTakesAndAtLeastOne() throws {
        // Lines 0-9 are 4 bytes each, 10-19 are 5: from line 8, 13 bytes take lines 8, 9 and 10.
        let file = try Self.file(lines: 20)
        #expect(file.pieceEnd(from: 0, budget: 12) == 3)
        #expect(file.pieceEnd(from: 0, budget: 13) == 3)
        #expect(file.pieceEnd(from: 8, budget: 13) == 11)
        #expect(file.pieceEnd(from: 10, budget: 1) == 11)
        #expect(file.pieceEnd(from: 15, budget: 1_000) == 20)
        #expect(file.pieceEnd(from: 20, budget: 1_000) == 20)
    }

    @Test func withoutMaxRecordsAPieceIsSizedByBytesAndWithItByRecords() throws {
        let file = try Self.file(lines: 20)
        #expect(BulkQueryJobs.pieceEnd(of: file, from: 0, maxRecords: nil) == 20)
        #expect(BulkQueryJobs.pieceEnd(of: file, from: 5, maxRecords: 6) == 11)
        #expect(BulkQueryJobs.pieceEnd(of: file, from: 18, maxRecords: 6) == 20)
    }
}
