import Testing

@testable import SOQL

@Suite("ORDER BY rewriting")
struct SOQLOrderRewriterTests {
    @Test(
        "the top-level ORDER BY is replaced or added; WHERE, LIMIT, OFFSET, FOR, UPDATE and subqueries stay",
        arguments: [
            ("SELECT Id, Name FROM Contact", "SELECT Id, Name FROM Contact ORDER BY Email ASC"),
            (
                "SELECT Id, Name FROM Contact ORDER BY Name DESC NULLS LAST, Id",
                "SELECT Id, Name FROM Contact ORDER BY Email ASC"
            ),
            (
                "SELECT Id FROM Contact WHERE Name LIKE 'ORDER BY%' order by Name LIMIT 50 OFFSET 10",
                "SELECT Id FROM Contact WHERE Name LIKE 'ORDER BY%' ORDER BY Email ASC LIMIT 50 OFFSET 10"
            ),
            ("SELECT Id FROM Contact LIMIT 5", "SELECT Id FROM Contact ORDER BY Email ASC LIMIT 5"),
            (
                "SELECT Id, (SELECT Id FROM Cases ORDER BY CreatedDate LIMIT 1) FROM Contact FOR VIEW",
                "SELECT Id, (SELECT Id FROM Cases ORDER BY CreatedDate LIMIT 1) FROM Contact ORDER BY Email ASC FOR VIEW"
            ),
            ("SELECT Id FROM Contact UPDATE VIEWSTAT", "SELECT Id FROM Contact ORDER BY Email ASC UPDATE VIEWSTAT"),
            ("SELECT Id FROM Contact FOR UPDATE", "SELECT Id FROM Contact ORDER BY Email ASC FOR UPDATE"),
        ])
    func rewrites(query: String, expected: String) {
        #expect(SOQLOrderRewriter.ordering(query, by: "Email", descending: false) == expected)
    }

    @Test("descending, and text that is not a SELECT")
    func descendingAndNotSOQL() {
        #expect(
            SOQLOrderRewriter.ordering("SELECT Name FROM Contact ORDER BY Name", by: "Account.Name", descending: true)
                == "SELECT Name FROM Contact ORDER BY Account.Name DESC")
        #expect(SOQLOrderRewriter.ordering("FIND {x}", by: "Name", descending: false) == nil)
        #expect(
            SOQLOrderRewriter.ordering("SELECT Name FROM Contact WHERE Name = 'x", by: "Name", descending: false) == nil
        )
    }
}
