import SOQL
import Testing

@testable import MockOrg

/// What the org's engine does with the grammar's syntax tree: the SELECT list it supports, and
/// where it reports what it refuses.
@Suite struct SOQLResolverTests {
    static func error(_ soql: String) -> SOQLError? {
        #expect(throws: SOQLError.self) { try SOQLResolver.query(soql, now: 0) }
    }

    /// The reason line and the column of an error message.
    static func reasonAndColumn(_ soql: String) -> (String, Int)? {
        guard let message = error(soql)?.message else { return nil }
        let lines = message.split(separator: "\n")
        guard let position = lines.first(where: { $0.hasPrefix("ERROR at Row:") }),
            let column = position.split(separator: ":").last.flatMap({ Int($0) }), let reason = lines.last
        else { return nil }
        return (String(reason), column)
    }

    @Test(arguments: [
        ("SELECT Name n FROM Contact", "unexpected token: 'n'", 13),
        ("SELECT toLabel(Name) FROM Contact", "unexpected token: '('", 15),
        ("SELECT Id, COUNT() FROM Contact", "unexpected token: '('", 17),
        ("SELECT CALENDAR_YEAR(Birthdate) FROM Contact", "unexpected token: '('", 21),
        ("SELECT COUNT(), Id FROM Contact", "unexpected token: ','", 15),
        ("SELECT COUNT() c FROM Contact", "unexpected token: 'c'", 16),
        ("SELECT COUNT(Id), (SELECT Id FROM Contacts) FROM Account", "unexpected token: '('", 19),
        ("SELECT FIELDS(ALL) FROM Contact", "unexpected token: '('", 14),
        ("SELECT TYPEOF What WHEN Account THEN Name END FROM Task", "unexpected token: 'What'", 15),
    ])
    func unsupportedSelectItemsAreRefusedWhereTheyBegin(soql: String, reason: String, column: Int) {
        let found = Self.reasonAndColumn(soql)
        #expect(found?.0 == reason)
        #expect(found?.1 == column)
    }

    @Test func countAloneCounts() throws {
        let query = try SOQLResolver.query("select count() from contact", now: 0)
        guard case .count = query.selection else {
            Issue.record("expected a count")
            return
        }
    }

    @Test func aggregateColumnsAreKeyedByAliasThenExprNThenFieldName() throws {
        let query = try SOQLResolver.query(
            "SELECT AccountId, COUNT(Id), MAX(LastName) newest, min(Account.Name) FROM Contact GROUP BY AccountId",
            now: 0)
        guard case .aggregate(let columns) = query.selection else {
            Issue.record("expected an aggregate")
            return
        }
        #expect(columns.map(\.key) == ["AccountId", "expr0", "newest", "expr1"])
        #expect(query.grouping.map(\.canonicalName) == ["AccountId"])
    }

    @Test func groupByWithoutAggregatesGroups() throws {
        let query = try SOQLResolver.query("SELECT LastName l FROM Contact GROUP BY LastName", now: 0)
        guard case .aggregate(let columns) = query.selection else {
            Issue.record("expected an aggregate")
            return
        }
        #expect(columns.map(\.key) == ["l"])
    }

    @Test func namesAreResolvedInTheOrderWritten() {
        #expect(Self.error("SELECT Bogus FROM Nowhere")?.errorCode == "INVALID_TYPE")
        #expect(Self.reasonAndColumn("SELECT Id, Bogus FROM Contact WHERE Nope = 1")?.1 == 12)
        #expect(Self.reasonAndColumn("SELECT Id FROM Contact WHERE Nope = 1 ORDER BY Bogus")?.1 == 30)
        #expect(Self.error("SELECT Bogus FROM Contact OFFSET 3000")?.errorCode == "INVALID_FIELD")
    }

    @Test func aSyntaxErrorAnywhereComesBeforeAnUnknownName() {
        #expect(Self.reasonAndColumn("SELECT Bogus FROM Contact LIMT 5")?.0 == "unexpected token: 'LIMT'")
    }
}
