import RestCore
import Testing

@testable import ContactList

@Suite("Sorting by a column on the server")
struct SortTests {
    /// The SOQL of a query request.
    static func soql(_ effects: [ContactListEffect]) throws -> String {
        let request = try #require(Fixtures.sentRequests(effects).first)
        return try #require(request.queryItems.first { $0.name == "q" }?.value)
    }

    /// Presses `s` and answers its first page with the contacts at `indices`, in that order.
    static func sort(
        _ model: inout ContactListModel, answer indices: [Int]
    ) throws -> String {
        let effects = model.handle(key: .character("s"))
        let request = try #require(Fixtures.sentRequests(effects).first)
        _ = model.handle(response: Fixtures.page(indices.map { Fixtures.contact($0) }), for: request.id)
        return try soql(effects)
    }

    @Test("s re-runs the query ordered by the cursor's column; s again flips; the heading shows ▲ ▼")
    func sortsAndFlips() throws {
        var model = Fixtures.loadedModel(count: 4)
        _ = model.handle(key: .character("l"))
        _ = model.handle(key: .character("l"))
        #expect(
            try Self.sort(&model, answer: [0, 1, 2, 3])
                == "SELECT Id, Name, Title, Email, Phone, Account.Name, LastModifiedDate FROM Contact ORDER BY Email ASC")
        #expect(model.run.sort == ColumnSort(column: 2, descending: false))
        var heading = ContactListScreen(model: model).frame(width: 100, height: 12).text
            .components(separatedBy: "\n")[1]
        #expect(heading.contains("Email ▲"))
        #expect(try Self.sort(&model, answer: [3, 2, 1, 0]).hasSuffix("FROM Contact ORDER BY Email DESC"))
        #expect(model.dataRows.map(\.id) == [3, 2, 1, 0].map(Fixtures.id))
        heading = ContactListScreen(model: model).frame(width: 100, height: 12).text.components(separatedBy: "\n")[1]
        #expect(heading.contains("Email ▼"))
        // Under an ASCII locale the marker is drawn as v (and ▲ as ^).
        var ascii = CellBuffer(width: 100, height: 12, repertoire: .ascii)
        ContactListScreen(model: model).render(area: ascii.area, buffer: &ascii)
        #expect(ascii.text.components(separatedBy: "\n")[1].contains("Email v"))
        // Another column starts ascending; a refresh keeps the order.
        _ = model.handle(key: .character("h"))
        #expect(try Self.sort(&model, answer: [0, 1, 2, 3]).hasSuffix("ORDER BY Title ASC"))
        #expect(try Self.soql(model.handle(key: .character("r"))).hasSuffix("ORDER BY Title ASC"))
        #expect(model.run.sort == ColumnSort(column: 1, descending: false))
    }

    @Test("WHERE and LIMIT stay; the selection stays on its record, or goes to the top when not loaded")
    func keepsClausesAndSelection() throws {
        var model = Fixtures.model(
            records: (0..<5).map { Fixtures.contact($0) },
            query: "SELECT Id, Name FROM Contact WHERE Email != null ORDER BY CreatedDate LIMIT 100")
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        #expect(
            try Self.sort(&model, answer: [4, 3, 2, 1, 0])
                == "SELECT Id, Name, LastModifiedDate FROM Contact WHERE Email != null ORDER BY Name ASC LIMIT 100")
        #expect(model.selectedRecord?.id == Fixtures.id(2))
        #expect(model.viewport.selection == 2)
        _ = model.handle(key: .down)
        _ = try Self.sort(&model, answer: [0, 2, 3])
        #expect(model.viewport.selection == 0)
        #expect(model.notices.statusMessage == "")
    }

    @Test("pending deletes stay hidden in the new order, and a late answer of the old order is ignored")
    func pendingDeletesStayHidden() throws {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .down)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = try Self.sort(&model, answer: [4, 3, 2, 1, 0])
        #expect(model.dataRows.map(\.id) == [4, 3, 2, 0].map(Fixtures.id))
        // The refusal puts the row back where the new order has it.
        _ = model.handle(response: Fixtures.deleteFailed, for: delete.id)
        #expect(model.dataRows.count == 5)
        #expect(model.dataRows.contains { $0.id == Fixtures.id(1) })
    }

    @Test("a field the org cannot sort: one sentence from its error; the old order and rows stay")
    func unsortableField() throws {
        var model = Fixtures.loadedModel(count: 3)
        let before = model.dataRows.map(\.id)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("s"))).first)
        #expect(model.notices.statusMessage == "Sorting by Name…")
        let refusal = Fixtures.refusal(
            400, "INVALID_FIELD",
            "\nSELECT Id, Description FROM Contact ORDER BY Description ASC\n"
                + "                                          ^\nERROR at Row:1:Column:43\n"
                + "field 'Description' can not be sorted in a query call")
        _ = model.handle(response: refusal, for: request.id)
        #expect(
            model.notices.statusMessage == "Cannot sort by Name: field 'Description' can not be sorted in a query call."
        )
        #expect(model.run.sort == nil)
        #expect(model.dataRows.map(\.id) == before)
        // The next s flips the query's own ORDER BY Name again, as nothing was sorted.
        #expect(try Self.soql(model.handle(key: .character("s"))).hasSuffix("ORDER BY Name DESC"))
    }

    @Test("an answer to s that cannot be read keeps the old order and rows, and says so")
    func unreadableAnswer() throws {
        var model = Fixtures.loadedModel(count: 3)
        let before = model.dataRows.map(\.id)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("s"))).first)
        let garbage = Result<RestResponse, RestClientError>.success(
            RestResponse(status: 200, headers: [:], body: Array("not json".utf8)))
        _ = model.handle(response: garbage, for: request.id)
        #expect(model.notices.statusMessage.hasPrefix("Could not load contacts:"))
        #expect(model.run.sort == nil)
        #expect(model.dataRows.map(\.id) == before)
    }

    @Test(
        "the query's own top-level ORDER BY on a visible column shows ▲ or ▼ from the start, and s on it flips it",
        arguments: [
            ("SELECT Id, Name, Title, Email FROM Contact ORDER BY Name", 0, false),
            ("SELECT Id, Name, Title, Email FROM Contact WHERE Title != null order by email desc nulls last", 2, true),
            ("SELECT Id, Name, Account.Name FROM Contact ORDER BY Account.Name ASC, Name LIMIT 500", 1, false),
            ("SELECT Id, Name, Account.Name FROM Contact ORDER BY account.NAME DESC", 1, true),
        ])
    func queryOrderShown(query: String, column: Int, descending: Bool) throws {
        var model = Fixtures.model(records: (0..<3).map { Fixtures.contact($0) }, query: query)
        #expect(model.run.sort == nil)
        #expect(model.shownSort == ColumnSort(column: column, descending: descending))
        let heading = ListView(model: model).frame(width: 120, height: 4).text.components(separatedBy: "\n")[0]
        #expect(heading.contains(model.run.columns[column].title + " " + (descending ? "▼" : "▲")))
        for _ in 0..<column { _ = model.handle(key: .character("l")) }
        let flipped = try Self.sort(&model, answer: [2, 1, 0])
        #expect(flipped.contains("ORDER BY \(model.run.columns[column].field) \(descending ? "ASC" : "DESC")"))
        #expect(model.shownSort == ColumnSort(column: column, descending: !descending))
    }

    @Test("no marker without a top-level ORDER BY on a visible column: none, a hidden field, or a subquery's")
    func noQueryOrder() {
        for query in [
            "SELECT Id, Name, Email FROM Contact",
            "SELECT Id, Name, Email FROM Contact ORDER BY CreatedDate DESC",
            "SELECT Id, Name, (SELECT Id FROM Cases ORDER BY Subject) FROM Contact",
        ] {
            let model = Fixtures.model(records: [Fixtures.contact(0)], query: query)
            #expect(model.shownSort == nil, "\(query)")
            let heading = ListView(model: model).frame(width: 120, height: 4).text.components(separatedBy: "\n")[0]
            #expect(!heading.contains("▲") && !heading.contains("▼"), "\(query)")
        }
    }
}
