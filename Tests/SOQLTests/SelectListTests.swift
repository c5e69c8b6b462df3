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
}
