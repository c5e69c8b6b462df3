import Testing

@testable import SOQL

@Suite("Reading records again by id with the same SELECT list")
struct SOQLIdRestrictionTests {
    @Test("the clauses after FROM give way to WHERE Id IN; the SELECT list stays as written")
    func replacesTheClausesAfterFrom() {
        let soql =
            "SELECT Id, Name, (SELECT Id FROM Cases WHERE IsClosed = false) FROM Contact "
            + "WHERE Email != null ORDER BY Name LIMIT 50"
        #expect(
            SOQLIdRestriction.restricting(soql, toIDs: ["003A", "003B"])
                == "SELECT Id, Name, (SELECT Id FROM Cases WHERE IsClosed = false) FROM Contact WHERE Id IN ('003A','003B')"
        )
        #expect(
            SOQLIdRestriction.restricting("select id from account", toIDs: ["001X"])
                == "select id from account WHERE Id IN ('001X')")
    }

    @Test("no ids, an id that could break out of its quotes, or text that is not a SELECT give nil")
    func refusesWhatItCannotRestrict() {
        #expect(SOQLIdRestriction.restricting("SELECT Id FROM Contact", toIDs: []) == nil)
        #expect(SOQLIdRestriction.restricting("SELECT Id FROM Contact", toIDs: ["003' OR Name != '"]) == nil)
        #expect(SOQLIdRestriction.restricting("FIND {x}", toIDs: ["003A"]) == nil)
        #expect(SOQLIdRestriction.restricting("SELECT Id", toIDs: ["003A"]) == nil)
    }
}
