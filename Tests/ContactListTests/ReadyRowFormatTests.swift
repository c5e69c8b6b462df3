import Foundation
import RestCore
import Testing

@testable import ContactList

/// The bytes a list's rows are kept in by the local replica: every part of a row back as it was,
/// bytes that are not such a row refused, and the signature telling formats apart.
@Suite("ReadyRowFormat: a row's bytes for the replica")
struct ReadyRowFormatTests {
    static let query = "SELECT Id, Name, Title, Account.Name, MailingAddress FROM Contact ORDER BY Title DESC, Name"

    static func record(_ fields: [String: JSONValue]) -> JSONValue {
        .object(fields.merging(["attributes": .object(["type": .string("Contact")])]) { old, _ in old })
    }

    @Test("a row read back from its bytes is the row the record shows, its ORDER BY values included")
    func roundTrip() throws {
        let format = ReadyRowFormat(query: Self.query)
        let record = Self.record([
            "Id": .string("003000000000001AAA"), "Name": .string("Zoë \u{1F600} \"quoted\"\nline"),
            "Title": .null, "LastModifiedDate": .string("2026-11-26T10:00:00.000+0000"),
            "Account": .object(["Name": .string(String(repeating: "long ", count: 60))]),
            "MailingAddress": .object(["street": .string("1 Main"), "city": .string("Paris")]),
        ])
        let row = try #require(format.row(of: record))
        let read = try #require(format.bytes(of: row).withUnsafeBytes { format.row(from: $0) })
        #expect(read.record == row.record)
        #expect(read.widths.count == row.widths.count && read.folded == row.folded)
        #expect((0..<row.widths.count).allSatisfy { read.widths[$0] == row.widths[$0] })
        #expect(read.folded?[0] == SearchText.fold("Zoë \u{1F600} \"quoted\"\nline"))
        #expect(read.record.lastModifiedDate == "2026-11-26T10:00:00.000+0000")
        #expect(
            read.record.values
                == ContactRecord(json: record, columns: Column.visibleColumns(ofQuery: Self.query))?.values)
        #expect(read.orderValues == [.null, .text("Zoë \u{1F600} \"quoted\"\nline")])
    }

    @Test("numbers, booleans and a row named by its id come back alike")
    func otherValues() throws {
        let format = ReadyRowFormat(query: "SELECT Id, Amount, IsWon FROM Opportunity ORDER BY Amount, IsWon")
        let record: JSONValue = .object([
            "attributes": .object(["type": .string("Opportunity")]), "Id": .string("006000000000001AAA"),
            "Amount": .number(-12.5), "IsWon": .bool(true),
        ])
        let row = try #require(format.row(of: record))
        let read = try #require(format.bytes(of: row).withUnsafeBytes { format.row(from: $0) })
        #expect(read.record == row.record)
        #expect(read.record.objectType == "Opportunity")
        #expect(read.record.displayName == "006000000000001AAA")
        #expect(read.record.lastModifiedDate == nil)
        #expect(read.orderValues == [.number(-12.5), .bool(true)])
    }

    @Test("bytes cut short, with a byte too many, or of other columns are not a row")
    func refusesOtherBytes() throws {
        let format = ReadyRowFormat(query: Self.query)
        let row = try #require(
            format.row(of: Self.record(["Id": .string("003000000000001AAA"), "Name": .string("A")])))
        let bytes = format.bytes(of: row)
        for end in 0..<bytes.count {
            #expect(Array(bytes[..<end]).withUnsafeBytes { format.row(from: $0) } == nil, "cut at \(end)")
        }
        #expect((bytes + [0]).withUnsafeBytes { format.row(from: $0) } == nil)
        let other = ReadyRowFormat(query: "SELECT Id, Name FROM Contact ORDER BY Title DESC, Name")
        #expect(bytes.withUnsafeBytes { other.row(from: $0) } == nil)
        #expect([UInt8](repeating: 0xFF, count: 40).withUnsafeBytes { format.row(from: $0) } == nil)
    }

    @Test("the signature changes with the columns, their order and the ORDER BY")
    func signatures() {
        let signatures = [
            Self.query, "SELECT Id, Title, Name, Account.Name, MailingAddress FROM Contact ORDER BY Title DESC, Name",
            "SELECT Id, Name, Title, Account.Name, MailingAddress FROM Contact ORDER BY Title, Name",
            "SELECT Id, Name, Title, Account.Name, MailingAddress FROM Contact ORDER BY Title DESC NULLS FIRST, Name",
            "SELECT Id, Name FROM Contact",
        ].map { ReadyRowFormat(query: $0).signature }
        #expect(Set(signatures).count == signatures.count)
        #expect(ReadyRowFormat(query: Self.query) == ReadyRowFormat(query: Self.query + " LIMIT 5"))
    }

    @Test("rows shown from their kept bytes show, measure and match `/` as the org's page shows them")
    func readyRowsShowAsThePage() throws {
        let names = [
            "Zoë Ålund", "zoe plain", "Ünal 山田 太郎", "Ann\u{202E}evil", "Bob", String(repeating: "W", count: 90),
        ]
        let records = names.enumerated().map { Fixtures.contact($0.offset, name: $0.element) }
        let fromPage = Fixtures.model(records: records)
        var fromBytes = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        fromBytes.visibleRowCount = 10
        let format = fromBytes.readyRowFormat
        let rows = try records.map { fields in
            let json = try JSONParser.parse(Array(JSONSerialization.data(withJSONObject: fields)))
            let row = try #require(format.row(of: json))
            return try #require(format.bytes(of: row).withUnsafeBytes { format.row(from: $0, objectType: "Contact") })
        }
        fromBytes.showCachedRows(
            ReplicatedList(rows: rows, syncedAt: Date(), lastSystemModstamp: nil, isComplete: false), age: "1 min ago")
        // Delete's dependents are counted from the org's page only (a cached row has none yet).
        let shown = { (model: ContactListModel) in
            model.dataRows.map { [$0.id, $0.objectType, $0.displayName, $0.lastModifiedDate ?? "-"] + $0.values }
        }
        #expect(shown(fromBytes) == shown(fromPage))
        #expect(fromBytes.rows.contentWidths == fromPage.rows.contentWidths)
        for text in ["zoe", "ALUND", "山田", "evil", "w"] {
            var a = fromPage
            var b = fromBytes
            for character in "/" + text { _ = a.handle(key: .character(character)) }
            for character in "/" + text { _ = b.handle(key: .character(character)) }
            #expect(a.rows.filter?.matches == b.rows.filter?.matches, "\(text)")
            #expect(b.rows.filter?.matches.isEmpty == false, "\(text)")
        }
    }
}
