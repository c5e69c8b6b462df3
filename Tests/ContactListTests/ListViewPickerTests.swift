import Foundation
import RestCore
import Testing

@testable import ContactList

/// `v` and `:Object`: the org's list views picked by label, opened with the describe's columns,
/// headings and sort, or read through their results, read-only, when they are not
/// SOQL-compatible; no key reaches the list while the picker or its requests are up.
@Suite("List views: the picker and :Object")
struct ListViewPickerTests {
    static let json = CascadeDeleteTests.json

    static func summary(_ index: Int, _ label: String, soql: Bool = true) -> [String: Any] {
        [
            "id": viewID(index), "label": label, "developerName": label.replacingOccurrences(of: " ", with: ""),
            "soqlCompatible": soql, "url": "/services/data/v66.0/sobjects/Contact/listviews/\(viewID(index))",
        ]
    }

    static func viewID(_ index: Int) -> String { "00B" + String(format: "%012d", index) + "AAA" }

    static func column(_ path: String, _ label: String, hidden: Bool = false) -> [String: Any] {
        ["fieldNameOrPath": path, "label": label, "hidden": hidden, "sortable": true, "type": "string"]
    }

    static let myContactsQuery =
        "SELECT Name, Account.Name, Email, Id FROM Contact WHERE OwnerId = '005000000000001AAA' "
        + "ORDER BY Name DESC NULLS LAST, Id ASC NULLS FIRST"

    /// The describe of "My Contacts": three visible columns, Id hidden, sorted by Name going down.
    static let myContactsDescribe = json([
        "id": viewID(2), "query": myContactsQuery, "scope": "mine", "sobjectType": "Contact",
        "columns": [
            column("Name", "Full Name"), column("Account.Name", "Account Name"), column("Email", "Email"),
            column("Id", "Contact ID", hidden: true),
        ],
        "orderBy": [["fieldNameOrPath": "Name", "sortDirection": "descending", "nullsPosition": "last"]],
    ])

    static func send(_ effects: [ContactListEffect]) -> RestRequest? { Fixtures.sentRequests(effects).first }

    /// `:`, the bar emptied, and `text` typed into it.
    static func openBar(typing text: String, in model: inout ContactListModel) {
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type(text, into: &model)
    }

    static func headerAndHeadings(_ model: ContactListModel) -> [String] {
        Array(
            ContactListScreen(model: model).frame(width: 100, height: 24).text.components(separatedBy: "\n").prefix(2))
    }

    @Test("v reads every page of the views; typing narrows; Enter opens the view with its columns, sort and label")
    func pickAView() throws {
        var model = Fixtures.loadedModel(count: 3)
        let delete = try #require(Self.send(model.handle(key: .character("d"))))
        let first = try #require(Self.send(model.handle(key: .character("v"))))
        #expect(first.path.hasSuffix("/sobjects/Contact/listviews"))
        #expect(model.focus == .listViewPicker)
        let next = "/services/data/v66.0/sobjects/Contact/listviews?page=2"
        let second = try #require(
            Self.send(
                model.handle(
                    response: Self.json([
                        "done": false, "nextRecordsUrl": next, "size": 4,
                        "listviews": [Self.summary(1, "All Contacts"), Self.summary(2, "My Contacts")],
                    ]), for: first.id)))
        #expect(second.path == next)
        _ = model.handle(
            response: Self.json([
                "done": true, "size": 4,
                "listviews": [Self.summary(3, "New This Week"), Self.summary(4, "Recently Viewed", soql: false)],
            ]), for: second.id)
        #expect(
            model.listViewPicker?.views.map(\.label) == [
                "All Contacts", "My Contacts", "New This Week", "Recently Viewed",
            ])
        var frame = ContactListScreen(model: model).frame(width: 100, height: 24).text
        #expect(frame.contains("List views · Contact") && frame.contains("▸ All Contacts"))
        _ = Fixtures.type("my", into: &model)
        #expect(model.listViewPicker?.matches.map(\.label) == ["My Contacts"])
        let describe = try #require(Self.send(model.handle(key: .enter)))
        #expect(describe.path.hasSuffix("/sobjects/Contact/listviews/\(Self.viewID(2))/describe"))
        let page = try #require(Self.send(model.handle(response: Self.myContactsDescribe, for: describe.id)))
        #expect(
            page.queryItems.first { $0.name == "q" }?.value
                == ContactListModel.readingLastModified(Self.myContactsQuery))
        #expect(model.dataRows.count == 2, "the rows stay until the view's first page arrives")
        _ = model.handle(response: Fixtures.page([Fixtures.contact(8), Fixtures.contact(9)]), for: page.id)
        #expect(model.modes.modal == nil && model.query == Self.myContactsQuery)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(8), Fixtures.id(9)])
        #expect(model.run.columns.map(\.title) == ["Full Name", "Account Name", "Email"])
        let lines = Self.headerAndHeadings(model)
        #expect(lines[0].hasPrefix(" Contact · My Contacts · 127.0.0.1:1"))
        #expect(lines[1].contains("Full Name ▼") && lines[1].contains("Account Name") && lines[1].contains("Email"))
        frame = ContactListScreen(model: model).frame(width: 100, height: 24).text
        #expect(frame.contains("Account 1") && frame.contains("c9@example.com"))
        // The delete sent before the switch still settles, and its alert names the record.
        _ = model.handle(response: Fixtures.deleteFailed, for: delete.id)
        #expect(model.notices.alerts.first?.message.hasPrefix("Contact 0000 was not deleted") == true)
        _ = model.handle(key: .enter)
        // The list's keys work on the view: s sorts the view's query by the cursor's column.
        let sorted = try #require(Self.send(model.handle(key: .character("s"))))
        #expect(sorted.queryItems.first { $0.name == "q" }?.value.contains("FROM Contact WHERE OwnerId") == true)
    }

    @Test("no key reaches the list while the picker is open or its requests are in flight; Esc cancels them")
    func keysNeverFallThrough() throws {
        var model = Fixtures.loadedModel(count: 3)
        let list = try #require(Self.send(model.handle(key: .character("v"))))
        for key: Key in [.character("d"), .character(" "), .character("e"), .character("q"), .character("j")] {
            #expect(Fixtures.sentRequests(model.handle(key: key)).isEmpty)
        }
        #expect(model.viewport.selection == 0 && model.viewport.marks.isEmpty && model.deleteRequests.isEmpty)
        _ = model.handle(
            response: Self.json(["done": true, "listviews": [Self.summary(1, "All Contacts")]]), for: list.id)
        _ = model.handle(key: .control("u"))
        let describe = try #require(Self.send(model.handle(key: .enter)))
        for key: Key in [.character("d"), .enter, .down, .character("x")] {
            #expect(model.handle(key: key).isEmpty)
        }
        #expect(model.focus == .listViewPicker && model.listViewPicker?.isWaiting == true)
        #expect(KeyHintBar(model: model).text(width: 100).contains("Esc cancels"))
        let effects = model.handle(key: .escape)
        #expect(effects.contains { if case .cancel(describe.id) = $0 { true } else { false } })
        #expect(model.modes.modal == nil && model.dataRows.count == 3 && model.deleteRequests.isEmpty)
        #expect(model.handle(response: Self.myContactsDescribe, for: describe.id).isEmpty, "a late answer does nothing")
        #expect(model.run.title == "query")
    }

    /// A view that is not SOQL-compatible, opened from the picker.
    static func openRecentlyViewed() throws -> (ContactListModel, RestRequest) {
        var model = Fixtures.loadedModel(count: 3, visibleRows: 20)
        let list = try #require(Self.send(model.handle(key: .character("v"))))
        _ = model.handle(
            response: Self.json(["done": true, "listviews": [Self.summary(4, "Recently Viewed", soql: false)]]),
            for: list.id)
        let describe = try #require(Self.send(model.handle(key: .enter)))
        let results = try #require(
            Self.send(
                model.handle(
                    response: Self.json([
                        "id": viewID(4), "query": NSNull(), "sobjectType": "Contact", "scope": "mru",
                        "columns": [
                            column("Name", "Name"), column("Account.Name", "Account Name"),
                            column("Id", "Id", hidden: true),
                        ],
                        "orderBy": [],
                    ]), for: describe.id)))
        return (model, results)
    }

    static func resultsPage(_ indexes: Range<Int>, done: Bool) -> Result<RestResponse, RestClientError> {
        json([
            "id": viewID(4), "label": "Recently Viewed", "developerName": "RecentlyViewed", "done": done,
            "size": indexes.count, "columns": [column("Name", "Name"), column("Account.Name", "Account Name")],
            "records": indexes.map { index in
                [
                    "columns": [
                        ["fieldNameOrPath": "Name", "value": "Viewed \(index)"],
                        ["fieldNameOrPath": "Account.Name", "value": index == 0 ? NSNull() as Any : "Acme \(index)"],
                        ["fieldNameOrPath": "Id", "value": Fixtures.id(20 + index)],
                    ]
                ]
            },
        ])
    }

    @Test("a view that is not SOQL-compatible is read through its results, paged, read-only, with the reason shown")
    func resultsFallback() throws {
        var (model, results) = try Self.openRecentlyViewed()
        #expect(results.path.hasSuffix("/listviews/\(Self.viewID(4))/results"))
        #expect(results.queryItems.map(\.value) == ["2000", "0"])
        let next = try #require(
            Self.send(model.handle(response: Self.resultsPage(0..<2, done: false), for: results.id)))
        #expect(next.queryItems.first { $0.name == "offset" }?.value == "2")
        #expect(model.dataRows.map(\.displayName) == ["Viewed 0", "Viewed 1"])
        _ = model.handle(response: Self.resultsPage(2..<3, done: true), for: next.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(20), Fixtures.id(21), Fixtures.id(22)])
        let frame = ContactListScreen(model: model).frame(width: 120, height: 24).text
        #expect(frame.contains("Contact · Recently Viewed") && frame.contains("Acme 2"))
        #expect(frame.contains("Recently Viewed is read-only"))
        for key: Key in [.character("d"), .character("e"), .character(" ")] {
            #expect(Fixtures.sentRequests(model.handle(key: key)).isEmpty)
            #expect(model.notices.statusMessage.hasPrefix("Recently Viewed is read-only: it is not SOQL-compatible"))
        }
        #expect(model.deleteRequests.isEmpty && model.modes.modal == nil)
        #expect(!KeyHintBar(model: model).text(width: 200).contains("d delete"))
        // r reads the results again from the first.
        let again = try #require(Self.send(model.handle(key: .character("r"))))
        #expect(again.queryItems.first { $0.name == "offset" }?.value == "0")
        _ = model.handle(response: Self.resultsPage(5..<6, done: true), for: again.id)
        #expect(model.dataRows.map(\.displayName) == ["Viewed 5"])
    }

    @Test("show(listView:) before start opens a view that is not SOQL-compatible through its results")
    func startOnResultsView() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.show(
            listView: ListViewSummary(
                id: Self.viewID(4), label: "Recently Viewed", developerName: "R", soqlCompatible: false),
            description: ListViewDescription(
                id: Self.viewID(4), query: nil, columns: [ListViewColumn(fieldNameOrPath: "Name", label: "Name")],
                sobjectType: "Contact"))
        let results = try #require(Self.send(model.start()))
        #expect(results.path.hasSuffix("/results"))
        _ = model.handle(response: Self.resultsPage(0..<1, done: true), for: results.id)
        #expect(model.dataRows.map(\.displayName) == ["Viewed 0"] && model.run.title == "Recently Viewed")
        #expect(model.refusalOfAnyChange() != nil)
    }

    @Test("the describe's visible columns, in order, with its labels; its orderBy is the column's ▲/▼")
    func describeToColumns() {
        let choice = ListViewChoice(
            summary: ListViewSummary(id: Self.viewID(1), label: "Mine", developerName: "Mine", soqlCompatible: true),
            description: ListViewDescription(
                id: Self.viewID(1), query: "SELECT Name, Phone, Id FROM Contact ORDER BY Phone ASC",
                columns: [
                    ListViewColumn(fieldNameOrPath: "Id", label: "Id", hidden: true),
                    ListViewColumn(fieldNameOrPath: "Name", label: "Full Name"),
                    ListViewColumn(fieldNameOrPath: "Phone", label: "Business Phone"),
                ], orderBy: [ListViewOrder(fieldNameOrPath: "Phone", sortDirection: "ascending")],
                sobjectType: "Contact"))
        #expect(choice.columns.map(\.field) == ["Name", "Phone"])
        #expect(choice.columns.map(\.title) == ["Full Name", "Business Phone"])
        #expect(choice.sort == ColumnSort(column: 1, descending: false))
        #expect(choice.query == "SELECT Name, Phone, Id FROM Contact ORDER BY Phone ASC")
        let notSOQL = ListViewChoice(
            summary: ListViewSummary(id: Self.viewID(1), label: "R", developerName: "R", soqlCompatible: false),
            description: ListViewDescription(
                id: Self.viewID(1), query: "SELECT Id FROM Contact", columns: [], sobjectType: "Contact"))
        #expect(notSOQL.query == nil && notSOQL.columns.map(\.field) == ["Name"] && notSOQL.sort == nil)
    }

    @Test(":Account opens the object's first list view, under its label")
    func objectOpensFirstView() throws {
        var model = Fixtures.loadedModel(count: 3)
        Self.openBar(typing: "Account", in: &model)
        let list = try #require(Self.send(model.handle(key: .enter)))
        #expect(list.path.hasSuffix("/sobjects/Account/listviews"))
        let describe = try #require(
            Self.send(
                model.handle(
                    response: Self.json(["done": true, "listviews": [Self.summary(5, "All Accounts")]]), for: list.id)))
        #expect(describe.path.hasSuffix("/listviews/\(Self.viewID(5))/describe"))
        let query = "SELECT Name, Industry, Id FROM Account ORDER BY Name ASC NULLS FIRST, Id ASC NULLS FIRST"
        let fields = try #require(
            Self.send(
                model.handle(
                    response: Self.json([
                        "id": Self.viewID(5), "query": query, "sobjectType": "Account",
                        "columns": [
                            Self.column("Name", "Account Name"), Self.column("Industry", "Industry"),
                            Self.column("Id", "Id", hidden: true),
                        ],
                        "orderBy": [["fieldNameOrPath": "Name", "sortDirection": "ascending"]],
                    ]), for: describe.id)))
        let page = try #require(Self.send(model.handle(response: CascadeDeleteTests.describe, for: fields.id)))
        _ = model.handle(response: Fixtures.page([QueryBarTests.account(1, "Soylent")]), for: page.id)
        #expect(model.dataRows.map(\.displayName) == ["Soylent"] && model.modes.modal == nil)
        let lines = Self.headerAndHeadings(model)
        #expect(lines[0].hasPrefix(" Account · All Accounts"))
        #expect(lines[1].contains("Account Name ▲") && lines[1].contains("Industry"))
    }

    @Test(
        ":Object without list views selects its compact layout's fields, else Id and Name",
        arguments: [
            (
                Self.json([
                    "fieldItems": [
                        ["label": "Name", "layoutComponents": [["type": "Field", "value": "Name"]]],
                        ["label": "Phone", "layoutComponents": [["type": "Field", "value": "Phone"]]],
                    ]
                ]), "SELECT Id, Name, Phone FROM Thing__c"
            ),
            (Fixtures.refusal(404, "NOT_FOUND"), "SELECT Id, Name FROM Thing__c"),
        ] as [(Result<RestResponse, RestClientError>, String)])
    func objectWithoutViews(layout: Result<RestResponse, RestClientError>, expected: String) throws {
        var model = Fixtures.loadedModel(count: 3)
        Self.openBar(typing: "Thing__c", in: &model)
        let list = try #require(Self.send(model.handle(key: .enter)))
        let compact = try #require(
            Self.send(model.handle(response: Self.json(["done": true, "listviews": []]), for: list.id)))
        #expect(compact.path.hasSuffix("/sobjects/Thing__c/describe/compactLayouts/primary"))
        let describe = try #require(Self.send(model.handle(response: layout, for: compact.id)))
        #expect(describe.path.hasSuffix("/sobjects/Thing__c/describe/"))
        let page = try #require(Self.send(model.handle(response: Fixtures.refusal(404, "NOT_FOUND"), for: describe.id)))
        #expect(page.queryItems.first { $0.name == "q" }?.value == ContactListModel.readingLastModified(expected))
        #expect(model.queryBar?.field.text == expected)
    }

    @Test("Tab completes object names from describe-global, read once")
    func tabCompletes() throws {
        var model = Fixtures.loadedModel(count: 1)
        Self.openBar(typing: "SELECT Id FROM acc", in: &model)
        let global = try #require(Self.send(model.handle(key: .tab)))
        #expect(global.path.hasSuffix("/sobjects/"))
        #expect(model.queryBar?.field.text == "SELECT Id FROM acc", "the Tab waits for the names")
        let names = ["Account", "AccountContactRelation", "Case", "Contact"].map {
            ["name": $0, "label": $0, "queryable": true]
        }
        _ = model.handle(
            response: Self.json(["sobjects": names + [["name": "AccountShare", "label": "x", "queryable": false]]]),
            for: global.id)
        #expect(model.queryBar?.field.text == "SELECT Id FROM Account")
        #expect(model.notices.statusMessage == "Account  AccountContactRelation")
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("Cas", into: &model)
        #expect(model.handle(key: .tab).isEmpty, "the names are kept")
        #expect(model.queryBar?.field.text == "Case")
    }

    @Test("the picker is a box over the list: the text typed, the views, ▸ on the one Enter opens")
    func pickerFrame() throws {
        var model = Fixtures.loadedModel(count: 3)
        let first = try #require(Self.send(model.handle(key: .character("v"))))
        var frame = ContactListScreen(model: model).frame(width: 80, height: 16).text
        #expect(frame.contains("│ reading the list views…") && frame.contains("reading… Esc close"))
        _ = model.handle(
            response: Self.json([
                "done": true, "listviews": [Self.summary(1, "All Contacts"), Self.summary(2, "My Contacts")],
            ]), for: first.id)
        _ = model.handle(key: .down)
        frame = ContactListScreen(model: model).frame(width: 80, height: 16).text
        #expect(frame.contains("─ List views · Contact ─") && frame.contains(" 2/2 "))
        #expect(frame.contains("│   All Contacts ") && frame.contains("│ ▸ My Contacts "))
        #expect(frame.contains("Enter open · Esc close"))
        _ = Fixtures.type("zzz", into: &model)
        #expect(ContactListScreen(model: model).frame(width: 80, height: 16).text.contains("│ no match"))
        #expect(model.handle(key: .enter).isEmpty, "Enter with no match opens nothing")
    }
}
