import RestCore
import Testing

@testable import ContactList

/// What a query run reads from its query once.
@Suite struct QueryRunTests {
    @Test func theQueryGivesTheObjectColumnsAndOrder() {
        let run = QueryRun(query: "SELECT Id, Name, Industry FROM Account ORDER BY Name DESC", batchSize: 200)
        #expect(run.searchedObject == "Account")
        #expect(run.columns.map(\.field) == ["Name", "Industry"])
        #expect(run.rowsAreRecords)
        #expect(run.querySort == ColumnSort(column: 0, descending: true))
        #expect(run.generation == 0 && !run.hasMorePages && run.totalSize == 0)
        let counted = QueryRun(query: "SELECT COUNT() FROM Contact", batchSize: 2000)
        #expect(!counted.rowsAreRecords)
    }

    @Test("a list view's run shows its label, its columns and its sort; one read through results names its rows")
    func aListViewsRun() {
        let columns = [
            ListViewColumn(fieldNameOrPath: "Name", label: "Full Name"),
            ListViewColumn(fieldNameOrPath: "Email", label: "E-mail"),
        ]
        let orderBy = [ListViewOrder(fieldNameOrPath: "Email", sortDirection: "descending")]
        let soql = ListViewChoice(
            summary: ListViewSummary(
                id: "00B000000000001AAA", label: "Mine", developerName: "Mine", soqlCompatible: true),
            description: ListViewDescription(
                id: "00B000000000001AAA", query: "SELECT Name, Email, Id FROM Contact ORDER BY Name ASC",
                columns: columns, orderBy: orderBy, sobjectType: "Contact"))
        let run = QueryRun(listView: soql, batchSize: 200)
        #expect(run.title == "Mine" && run.query == "SELECT Name, Email, Id FROM Contact ORDER BY Name ASC")
        #expect(run.columns.map(\.title) == ["Full Name", "E-mail"])
        #expect(run.querySort == ColumnSort(column: 1, descending: true), "the view's orderBy, not the query's text")
        #expect(run.resultsView == nil)
        let results = ListViewChoice(
            summary: ListViewSummary(
                id: "00B000000000002AAA", label: "Recent", developerName: "Recent", soqlCompatible: false),
            description: ListViewDescription(
                id: "00B000000000002AAA", query: nil, columns: columns, sobjectType: "Lead"))
        let resultsRun = QueryRun(listView: results, batchSize: 200)
        #expect(resultsRun.resultsView == results && resultsRun.searchedObject == "Lead")
        #expect(resultsRun.query == "SELECT Id, Name, Email FROM Lead" && resultsRun.rowsAreRecords)
    }
}
