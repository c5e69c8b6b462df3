import Testing

@testable import SOQL

@Suite("The incremental sync's queries")
struct SOQLSyncRewriterTests {
    static let stamp = "2026-11-26T10:00:00.000+0000"

    @Test(
        "rows changed since a stamp: the WHERE gains the stamp, or one is added; the other clauses stay",
        arguments: [
            (
                "SELECT Id, Name FROM Contact ORDER BY Name",
                "SELECT Id, Name FROM Contact WHERE SystemModstamp > 2026-11-26T10:00:00.000Z ORDER BY Name"
            ),
            (
                "SELECT Id FROM Contact WHERE LastName = 'A' OR Title = null ORDER BY Name LIMIT 5",
                "SELECT Id FROM Contact WHERE (LastName = 'A' OR Title = null) AND SystemModstamp > "
                    + "2026-11-26T10:00:00.000Z ORDER BY Name LIMIT 5"
            ),
            ("SELECT Id FROM Contact", "SELECT Id FROM Contact WHERE SystemModstamp > 2026-11-26T10:00:00.000Z"),
            (
                "SELECT Id, (SELECT Id FROM Cases WHERE IsClosed = false ORDER BY Id) FROM Contact WHERE Email != null",
                "SELECT Id, (SELECT Id FROM Cases WHERE IsClosed = false ORDER BY Id) FROM Contact WHERE "
                    + "(Email != null) AND SystemModstamp > 2026-11-26T10:00:00.000Z"
            ),
        ])
    func changed(query: String, expected: String) {
        #expect(SOQLSyncRewriter.changed(query, since: Self.stamp) == expected)
    }

    @Test("rows that stopped matching: their ids, changed since the stamp and NOT the WHERE; none without a WHERE")
    func stoppedMatching() {
        #expect(
            SOQLSyncRewriter.stoppedMatching(
                "SELECT Id, Name FROM Contact WHERE Title LIKE 'VP%' ORDER BY Name", since: Self.stamp)
                == "SELECT Id FROM Contact WHERE SystemModstamp > 2026-11-26T10:00:00.000Z AND NOT (Title LIKE 'VP%')")
        #expect(SOQLSyncRewriter.stoppedMatching("SELECT Id FROM Contact ORDER BY Name", since: Self.stamp) == nil)
        #expect(SOQLSyncRewriter.changed("DELETE FROM Contact", since: Self.stamp) == nil)
    }

    @Test("a LIMIT at the top level is found, one in a subquery is not; stamps become literals")
    func limitsAndLiterals() {
        #expect(SOQLSyncRewriter.hasLimit("SELECT Id FROM Contact ORDER BY Name LIMIT 10"))
        #expect(!SOQLSyncRewriter.hasLimit("SELECT Id, (SELECT Id FROM Cases LIMIT 1) FROM Contact"))
        #expect(SOQLSyncRewriter.dateTimeLiteral("2026-11-26T10:00:00.000+0000") == "2026-11-26T10:00:00.000Z")
        #expect(SOQLSyncRewriter.dateTimeLiteral("2026-11-26T10:00:00.000-0530") == "2026-11-26T10:00:00.000-05:30")
        #expect(SOQLSyncRewriter.dateTimeLiteral("2026-11-26T10:00:00Z") == "2026-11-26T10:00:00Z")
    }
}
