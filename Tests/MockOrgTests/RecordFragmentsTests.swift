import JSONKit
import NIOCore
import Testing

@testable import MockOrg

/// Kept record text must always equal the record serialized afresh, whatever was kept, forgotten
/// or started again in between.
@Suite struct RecordFragmentsTests {
    static let contactFields: [FieldPath] = ["Id", "Name", "Email", "IsDeleted"].map {
        FieldPath(relationship: nil, field: SObjectType.contact.field(named: $0)!)
    }
    static let withAccountName =
        contactFields + [
            FieldPath(
                relationship: SObjectType.contact.relationship(named: "Account"),
                field: SObjectType.account.field(named: "Name")!)
        ]

    static func tables() -> OrgTables {
        OrgTables(generator: SeedGenerator(seed: 3, contactCount: 300))
    }

    /// The records at `rows` serialized now, without any kept text, joined as a page joins them.
    static func fresh(_ paths: [FieldPath], rows: [Int], version: String = "v66.0", tables: OrgTables) -> String {
        rows.map { row in
            var writer = JSONWriter()
            RecordShape(paths).write(row: row, of: .contact, apiVersion: version, tables: tables, into: &writer)
            return String(decoding: writer.bytes, as: UTF8.self)
        }.joined(separator: ",")
    }

    static func kept(
        _ fragments: inout RecordFragments, _ paths: [FieldPath], rows: [Int], version: String = "v66.0",
        tables: OrgTables
    ) -> String {
        let shape = fragments.shape(of: .contact, paths: paths, apiVersion: version)
        var buffer = ByteBuffer()
        shape.appendRecords(rows.map { Int32($0) }[...], tables: tables, to: &buffer)
        return String(buffer: buffer)
    }

    @Test func keptTextEqualsFreshTextInAnyOrderAndAgain() {
        let tables = Self.tables()
        var fragments = RecordFragments()
        let rows = [7, 3, 299, 0, 3, 150, 7]
        let expected = Self.fresh(Self.withAccountName, rows: rows, tables: tables)
        #expect(Self.kept(&fragments, Self.withAccountName, rows: rows, tables: tables) == expected)
        #expect(Self.kept(&fragments, Self.withAccountName, rows: rows, tables: tables) == expected)
        #expect(Self.kept(&fragments, Self.contactFields, rows: [], tables: tables).isEmpty)
    }

    @Test func aSmallArenaStartsAgainWithoutChangingTheText() {
        let tables = Self.tables()
        // Room for a few records only, so the arena starts again many times within one page.
        var fragments = RecordFragments(maxArenaBytes: 600)
        let rows = Array(0..<300)
        let expected = Self.fresh(Self.contactFields, rows: rows, tables: tables)
        #expect(Self.kept(&fragments, Self.contactFields, rows: rows, tables: tables) == expected)
        #expect(
            Self.kept(&fragments, Self.contactFields, rows: rows.reversed(), tables: tables)
                == Self.fresh(Self.contactFields, rows: rows.reversed(), tables: tables))
    }

    @Test func eachAPIVersionKeepsItsOwnURLs() {
        let tables = Self.tables()
        var fragments = RecordFragments()
        let old = Self.kept(&fragments, Self.contactFields, rows: [1, 2], version: "v50.0", tables: tables)
        let new = Self.kept(&fragments, Self.contactFields, rows: [1, 2], version: "v66.0", tables: tables)
        #expect(old.contains("/services/data/v50.0/sobjects/Contact/") && !old.contains("v66.0"))
        #expect(new == Self.fresh(Self.contactFields, rows: [1, 2], version: "v66.0", tables: tables))
    }

    @Test func aChangedRecordIsWrittenAgainAndOthersStayKept() {
        let tables = Self.tables()
        var fragments = RecordFragments()
        let rows = [10, 11]
        _ = Self.kept(&fragments, Self.contactFields, rows: rows, tables: tables)
        tables.contacts[10].email = "changed@example.com"
        tables.contacts[11].email = "unreported@example.com"
        fragments.recordChanged(.contact, row: 10)
        let text = Self.kept(&fragments, Self.contactFields, rows: rows, tables: tables)
        #expect(text.contains("changed@example.com"))
        // Row 11's change was not reported: its kept text is still served, which shows that text is kept.
        #expect(!text.contains("unreported@example.com"))
    }

    @Test func aChangedParentForgetsEveryShapeThatShowsIt() throws {
        let tables = Self.tables()
        var fragments = RecordFragments()
        let row = try #require(tables.contacts.indices.first { tables.contacts[$0].accountSerial > 0 })
        let account = Int(tables.contacts[row].accountSerial) - 1
        _ = Self.kept(&fragments, Self.withAccountName, rows: [row], tables: tables)
        tables.accounts[account].name = "Renamed Holdings"
        fragments.recordChanged(.account, row: account)
        #expect(Self.kept(&fragments, Self.withAccountName, rows: [row], tables: tables).contains("Renamed Holdings"))
    }

    @Test func theLeastRecentlyUsedShapeMakesRoom() {
        let tables = Self.tables()
        var fragments = RecordFragments(maxShapes: 2)
        let first = fragments.shape(of: .contact, paths: Self.contactFields, apiVersion: "v66.0")
        _ = fragments.shape(of: .contact, paths: Self.withAccountName, apiVersion: "v66.0")
        #expect(fragments.shape(of: .contact, paths: Self.contactFields, apiVersion: "v66.0") === first)
        _ = fragments.shape(of: .contact, paths: Self.contactFields, apiVersion: "v50.0")
        // The shape with Account.Name was used least recently, so it went; the first one stayed.
        #expect(fragments.shape(of: .contact, paths: Self.contactFields, apiVersion: "v66.0") === first)
        #expect(
            Self.kept(&fragments, Self.withAccountName, rows: [5], tables: tables)
                == Self.fresh(Self.withAccountName, rows: [5], tables: tables))
    }
}
