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
}
