import Testing

@testable import MockOrg

/// LIKE through a field's text column decides exactly as LIKE on the field's String does, and as the
/// regular-expression reference does, for every row of a seeded org.
@Suite struct TextColumnTests {
    static let patterns = LikePatternTests.patterns + ["%son%", "%Ł%", "%ł%", "%é%", "%É%", "%山%", "_%", "%@%.org"]

    @Test(arguments: ["Name", "LastName", "Email", "Title", "MailingCountry"])
    func columnMatchesEqualTheStringPathAndTheReference(_ fieldName: String) throws {
        let tables = OrgTables(generator: SeedGenerator(seed: 11, contactCount: 1500))
        let field = try #require(SObjectType.contact.field(named: fieldName))
        let column = TextColumn(field, rows: tables.contacts.count, tables: tables)
        var nonASCIIRows = 0
        for pattern in Self.patterns {
            let like = LikePattern(pattern)
            for row in tables.contacts.indices {
                let value = field.read(tables, row)
                let viaColumn =
                    column.matches(row: row, like)
                    ?? SOQLEvaluator.matches(
                        .like(FieldPath(relationship: nil, field: field), like), in: tables, row: row)
                guard case .string(let text) = value else {
                    #expect(!viaColumn, "null \(fieldName) LIKE '\(pattern)'")
                    continue
                }
                if pattern == "%" && !text.utf8.allSatisfy({ $0 < 0x80 }) { nonASCIIRows += 1 }
                #expect(viaColumn == like.matches(text), "'\(text)' LIKE '\(pattern)'")
                #expect(viaColumn == LikePatternTests.reference(pattern, text), "'\(text)' LIKE '\(pattern)'")
            }
        }
        if fieldName == "Name" {
            // The seed must exercise the non-ASCII paths for this test to mean anything.
            #expect(nonASCIIRows > 100)
        }
    }

    @Test func aColumnIsBuiltAgainAfterAnUpdateButNotAfterADelete() throws {
        let tables = OrgTables(generator: SeedGenerator(seed: 11, contactCount: 50))
        var columns = TextColumns()
        let path = FieldPath(relationship: nil, field: SObjectType.contact.field(named: "LastName")!)
        let built = columns.column(for: path, of: .contact, tables: tables)
        let first = try #require(built)
        tables.setDeleted(.contact, row: 3, true, now: 0)
        let afterDelete = columns.column(for: path, of: .contact, tables: tables)
        #expect(afterDelete === first)
        tables.contacts[4].lastName = "Zyzzyva"
        tables.recordWritten(.contact, row: 4)
        let rebuilt = columns.column(for: path, of: .contact, tables: tables)
        let second = try #require(rebuilt)
        #expect(second !== first)
        #expect(second.matches(row: 4, LikePattern("zyzz%")) == true)
    }

    @Test func onlyTextOfTheQueriedObjectHasAColumn() {
        let tables = OrgTables(generator: SeedGenerator(seed: 11, contactCount: 10))
        var columns = TextColumns()
        let accountName = FieldPath(
            relationship: SObjectType.contact.relationship(named: "Account"),
            field: SObjectType.account.field(named: "Name")!)
        let id = FieldPath(relationship: nil, field: SObjectType.contact.field(named: "Id")!)
        let parentColumn = columns.column(for: accountName, of: .contact, tables: tables)
        let idColumn = columns.column(for: id, of: .contact, tables: tables)
        #expect(parentColumn == nil)
        #expect(idColumn == nil)
    }
}
