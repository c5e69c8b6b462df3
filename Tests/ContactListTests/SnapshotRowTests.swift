import Foundation
import RestCore
import Testing

@testable import ContactList

/// Rows read from a part of the replica's snapshot (`ReadyChunk.init(snapshotPart:count:format:)`):
/// their records keep only where their bytes are, and every part of them reads as the row made
/// from its JSON does.
@Suite("SnapshotRow: a start's rows read from the snapshot's bytes when asked for")
struct SnapshotRowTests {
    static let query = "SELECT Id, Name, Title, Account.Name, MailingAddress FROM Contact ORDER BY Title DESC, Name"
    let format = ReadyRowFormat(query: Self.query)

    /// Made rows of every kind: non-ASCII and long text, nulls, a compound address, a name that
    /// is no column's value, no `LastModifiedDate`, another type.
    func madeRows() throws -> [ReadyRow] {
        let records: [JSONValue] = [
            .object([
                "attributes": .object(["type": .string("Contact")]), "Id": .string("003000000000001AAA"),
                "Name": .string("Zoë \u{1F600} \"quoted\"\nline"), "Title": .null,
                "LastModifiedDate": .string("2026-11-26T10:00:00.000+0000"),
                "Account": .object(["Name": .string(String(repeating: "long ", count: 60))]),
                "MailingAddress": .object(["street": .string("1 Main"), "city": .string("Paris")]),
            ]),
            .object([
                "attributes": .object(["type": .string("Contact")]), "Id": .string("003000000000002AAA"),
                "Name": .string("ÅSA ÖST"), "Title": .string("CEO"), "Account": .null,
            ]),
            .object([
                "attributes": .object(["type": .string("Lead")]), "Id": .string("00Q000000000003AAA"),
                "Title": .string("Ms"), "Account": .object(["Name": .string("Acme")]),
            ]),
        ]
        return try records.map { try #require(format.row(of: $0)) }
    }

    /// The rows' bytes as a snapshot part holds them: each its length, then its bytes.
    func part(of rows: [ReadyRow]) -> [UInt8] {
        rows.flatMap { row -> [UInt8] in
            let bytes = format.bytes(of: row)
            return withUnsafeBytes(of: UInt32(bytes.count).littleEndian) { Array($0) } + bytes
        }
    }

    @Test("every part of a row read from the snapshot equals the row made from its JSON")
    func rowsReadAsMade() throws {
        let made = try madeRows()
        let chunk = try #require(
            part(of: made).withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: format) })
        #expect(chunk.rows.allSatisfy { $0.record.snapshotRow != nil })
        #expect(format.columns.count == 4)
        for (read, row) in zip(chunk.rows, made) {
            #expect(read.record == row.record)
            #expect(read.record.displayName == row.record.displayName)
            #expect(read.record.values == row.record.values)
            #expect((0..<4).map(read.record.value(at:)) == row.record.values)
            #expect(read.record.value(at: 9) == "")
            #expect(read.record.lastModifiedDate == row.record.lastModifiedDate)
            #expect(read.record.objectType == row.record.objectType)
            #expect(read.orderValues == row.orderValues)
            #expect(read.folded == row.folded)
            #expect((0..<4).map { read.widths[$0] } == (0..<4).map { row.widths[$0] })
        }
        #expect(chunk.rows[2].record.displayName == "00Q000000000003AAA")
        #expect(chunk.widths == (0..<4).map { column in made.map { Int($0.widths[column]) }.max() ?? 0 })
    }

    @Test("the chunk's folded text is the text the list folds from the records")
    func foldedAsTheList() throws {
        let made = try madeRows()
        let chunk = try #require(
            part(of: made).withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: format) })
        let index = try #require(chunk.index)
        var folded = SearchIndex(stride: format.columns.count)
        var copied = SearchIndex(stride: format.columns.count)
        for (row, made) in made.enumerated() {
            folded.append(made.record)
            copied.append(row: row, of: index)
        }
        for query in ["zoe", "åsa", "asa", "paris", "acme", "quoted", "ceo", "nothing"] {
            #expect(
                folded.rows(matching: SearchQuery(query), among: 0..<3)
                    == copied.rows(matching: SearchQuery(query), among: 0..<3), "\(query)")
        }
    }

    @Test("a record read from the snapshot changes as a made one: its date set, its values replaced")
    func changedRecords() throws {
        let made = try madeRows()
        let chunk = try #require(
            part(of: made).withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: format) })
        var record = chunk.rows[0].record
        record.lastModifiedDate = "2026-11-27T10:00:00.000+0000"
        #expect(record.snapshotRow == nil)
        #expect(record.values == made[0].record.values && record.displayName == made[0].record.displayName)
        #expect(record != made[0].record)
        let renamed = chunk.rows[1].record.replacingValues(["A", "B", "C", "D"])
        #expect(renamed.values == ["A", "B", "C", "D"] && renamed.id == made[1].record.id)
        #expect(Set([chunk.rows[1].record, made[1].record]).count == 1)
    }

    @Test("a part cut short, with a byte too many, of another format or another count is not read")
    func refusesOtherParts() throws {
        let bytes = part(of: try madeRows())
        for end in stride(from: 0, to: bytes.count, by: 7) {
            #expect(
                Array(bytes[..<end]).withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: format) } == nil)
        }
        #expect((bytes + [0]).withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: format) } == nil)
        #expect(bytes.withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 2, format: format) } == nil)
        let other = ReadyRowFormat(
            query: "SELECT Id, Name, Title, Account.Name, MailingAddress FROM Contact ORDER BY Name")
        #expect(bytes.withUnsafeBytes { ReadyChunk(snapshotPart: $0, count: 3, format: other) } == nil)
    }
}
