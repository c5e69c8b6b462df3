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

    @Test("the leading field of the top-level ORDER BY and its direction; none in a subquery or for a function")
    func leadingOrder() {
        func order(_ soql: String) -> [String]? {
            SOQLOrderRewriter.leadingOrder(of: soql).map { $0.path + [$0.descending ? "DESC" : "ASC"] }
        }
        #expect(order("SELECT Id, Name FROM Contact ORDER BY Name") == ["Name", "ASC"])
        #expect(
            order("SELECT Id FROM Contact order by Account.Name desc nulls last, Id LIMIT 5") == [
                "Account", "Name", "DESC",
            ])
        #expect(
            order("SELECT Id FROM Contact WHERE Name = 'ORDER BY Email DESC' ORDER BY Title ASC") == ["Title", "ASC"])
        #expect(order("SELECT Id, (SELECT Id FROM Cases ORDER BY CreatedDate DESC) FROM Contact") == nil)
        #expect(order("SELECT Id FROM Contact") == nil)
        #expect(order("SELECT Name, COUNT(Id) FROM Contact GROUP BY Name ORDER BY COUNT(Id) DESC") == nil)
        #expect(order("FIND {x} RETURNING Contact ORDER BY Name") == nil)
    }
}
