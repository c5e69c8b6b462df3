import Testing

@testable import SOQL

@Suite struct SelectListTests {
    @Test func columnsFollowTheSelectList() throws {
        let list = try #require(
            SelectList(
                soql:
                    "select Id, Name,Account.Name , toLabel(LeadSource) FROM Contact WHERE Name LIKE 'A%' ORDER BY Name"
            ))
        #expect(list.columns.map(\.name) == ["Id", "Name", "Account.Name", "LeadSource"])
        #expect(list.columns.map(\.path) == [["Id"], ["Name"], ["Account", "Name"], ["LeadSource"]])
    }

    @Test func aggregatesAndSubqueries() throws {
        let list = try #require(
            SelectList(
                soql: "SELECT COUNT(Id), MAX(CreatedDate) newest, SUM(Amount), (SELECT Id FROM Cases) FROM Account"))
        #expect(list.columns.map(\.name) == ["expr0", "newest", "expr1", "Cases"])
    }

    @Test func countAloneIsTheTotalSize() throws {
        let list = try #require(SelectList(soql: "select count() from Contact where Email != null"))
        #expect(list.countsRows)
        #expect(list.columns.map(\.name) == ["totalSize"])
        #expect(try #require(SelectList(soql: "SELECT COUNT(Id) FROM Contact")).countsRows == false)
        #expect(try #require(SelectList(soql: "SELECT Id FROM Contact")).countsRows == false)
    }

    @Test func aGroupedFieldIsReadUnderItsOwnName() throws {
        // An AggregateResult holds `Account.Name` grouped as `Name`.
        let list = try #require(
            SelectList(soql: "SELECT Account.Name, COUNT(Id) FROM Contact GROUP BY Account.Name"))
        #expect(list.columns.map(\.name) == ["Account.Name", "expr0"])
        #expect(list.columns.map(\.path) == [["Name"], ["expr0"]])
    }

    @Test(arguments: [
        "SELECT FIELDS(ALL) FROM Contact LIMIT 200", "DELETE Contact", "SELECT Id", "SELECT , FROM Contact", "",
    ])
    func unknowableColumnsGiveNil(soql: String) {
        #expect(SelectList(soql: soql) == nil)
    }

    @Test func fromInsideAFieldNameIsNotTheKeyword() throws {
        let list = try #require(SelectList(soql: "SELECT FromAddress__c, Id FROM EmailMessage"))
        #expect(list.columns.map(\.name) == ["FromAddress__c", "Id"])
    }

    @Test func lowerCaseKeywordsAndFieldsKeepTheirSpelling() throws {
        let list = try #require(SelectList(soql: "select id, name, account.name from contact"))
        #expect(list.columns.map(\.name) == ["id", "name", "account.name"])
        #expect(list.columns.map(\.path) == [["id"], ["name"], ["account", "name"]])
        #expect(list.columns.allSatisfy { $0.isField })
    }

    @Test func onlyPlainFieldsAreFields() throws {
        let list = try #require(
            SelectList(soql: "SELECT Name, Name n, toLabel(Status), COUNT(Id), (SELECT Id FROM Cases) FROM Case"))
        #expect(list.columns.map(\.isField) == [true, false, false, false, false])
        #expect(list.columns.map(\.name) == ["Name", "n", "Status", "expr0", "Cases"])
    }

    @Test func clausesAfterFromAreNotRead() throws {
        let list = try #require(
            SelectList(soql: "SELECT Name, COUNT(Id) FROM Contact GROUP BY Name HAVING COUNT(Id) > 1"))
        #expect(list.columns.map(\.name) == ["Name", "expr0"])
    }

    @Test(arguments: [
        "SELECT TYPEOF What WHEN Account THEN Phone END FROM Task",
        "SELECT DISTANCE(Loc__c, GEOLOCATION(1, 2), 'mi') FROM Store__c",
    ])
    func selectItemsWhoseColumnsCannotBeKnownGiveNil(soql: String) {
        #expect(SelectList(soql: soql) == nil)
    }

    @Test func skippingUnknownItemsKeepsTheColumnsThatCanBeNamed() throws {
        let soql =
            "SELECT Id, TYPEOF What WHEN Account THEN Phone END, DISTANCE(Loc__c, GEOLOCATION(1, 2), 'mi'), Name FROM Task"
        let list = try #require(SelectList(soql: soql, skippingUnknownItems: true))
        #expect(list.columns.map(\.name) == ["Id", "Name"])
        #expect(SelectList(soql: "SELECT FIELDS(ALL), Name FROM Contact LIMIT 200", skippingUnknownItems: true) == nil)
    }
}
