import RestCore
import Testing

@testable import ContactList

/// A query may spell its fields in any case; Salesforce answers with each field's canonical
/// spelling. The headings show the fields as the query wrote them until the records show the
/// org's spelling; the rows show the values.
@Suite("Fields spelled in another case than the answer's")
struct FieldCaseTests {
    static let lowerCaseQuery = "select id, name, email, account.name from contact"

    @Test("the columns are the query's fields as written, without id")
    func columnsAsWritten() {
        let columns = Column.visibleColumns(ofQuery: Self.lowerCaseQuery)
        #expect(columns.map(\.field) == ["name", "email", "account.name"])
        #expect(columns.map(\.title) == ["name", "email", "account name"])
    }

    @Test("rows read the canonically spelled fields")
    func rowsHaveValues() throws {
        let model = Fixtures.model(
            records: (0..<2).map { Fixtures.contact($0) }, client: Fixtures.client(), query: Self.lowerCaseQuery)
        let first = try #require(model.dataRows.first)
        #expect(first.values == ["Contact 0000", "c0@example.com", "Account 0"])
        #expect(first.displayName == "Contact 0000")
    }

    @Test("the list view shows the values under the headings")
    func listViewShowsValues() {
        let model = Fixtures.model(
            records: (0..<2).map { Fixtures.contact($0) }, client: Fixtures.client(),
            query: "select id, name, email from contact",
            visibleRows: ScreenLayout(screen: Rect(width: 40, height: 8)).visibleRowCount)
        let lines = ContactListScreen(model: model).frame(width: 40, height: 8).text.components(separatedBy: "\n")
        // The headings take the org's spelling from the records.
        #expect(lines[1] == " Name                     Email")
        #expect(lines[2] == " Contact 0000             c0@example.com")
        #expect(lines[3] == " Contact 0001             c1@example.com")
    }

    @Test(
        "columns come from the one SELECT-list parser",
        arguments: [
            ("SELECT Id, Name, toLabel(LeadSource), COUNT(Id) n, (SELECT Id FROM Cases) FROM Contact", ["Name"]),
            ("SELECT Id FROM Contact", ["Id"]),
            ("SELECT FIELDS(STANDARD) FROM Contact", ["Name"]),
            ("not a query", ["Name"]),
            ("SELECT Id, FromAddress__c FROM EmailMessage", ["FromAddress__c"]),
            (
                "SELECT Id, Subject, TYPEOF What WHEN Account THEN Phone END, Owner.Name FROM Task",
                ["Subject", "Owner.Name"]
            ),
            ("SELECT Name, DISTANCE(Loc__c, GEOLOCATION(1, 2), 'mi') FROM Store__c", ["Name"]),
        ])
    func columnsOfQueries(soql: String, expected: [String]) {
        #expect(Column.visibleColumns(ofQuery: soql).map(\.field) == expected)
    }
}
