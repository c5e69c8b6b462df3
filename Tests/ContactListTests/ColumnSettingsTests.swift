import Testing

@testable import ContactList

/// `-` `+` `<` `>`: the columns in hand, drawn as text, kept per list.
@Suite("Hiding and sizing columns")
struct ColumnSettingsTests {
    static let query = "SELECT Id, Name, Title, Email FROM Contact"

    static func model(width: Int = 60, layouts: [String: ColumnSettings] = [:]) -> ContactListModel {
        var model = ContactListModel(query: query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.columnLayouts = layouts
        model.screenWidth = width
        model.visibleRowCount = 4
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: first.id)
        return model
    }

    /// The headings row and the first record's row, as drawn.
    static func lines(_ model: ContactListModel) -> (headings: String, row: String) {
        let lines = ContactListScreen(model: model).frame(width: model.screenWidth, height: 10).text
            .components(separatedBy: "\n")
        return (lines[1], lines[2])
    }

    /// The settings each `rememberColumns` effect keeps, by query.
    static func remembered(_ effects: [ContactListEffect]) -> [(String, ColumnSettings)] {
        effects.compactMap { effect in
            if case .rememberColumns(let query, let settings) = effect { return (query, settings) }
            return nil
        }
    }

    @Test("- hides the cursor's column and the cursor moves on; Name cannot be hidden; + shows them all")
    func hideAndRestore() throws {
        var model = Self.model()
        #expect(model.handle(key: .character("-")).isEmpty)
        #expect(model.notices.statusMessage == "The Name column cannot be hidden.")
        _ = model.handle(key: .character("l"))
        let hidden = try #require(Self.remembered(model.handle(key: .character("-"))).first)
        #expect(hidden.0 == Self.query && hidden.1.hidden == ["title"])
        #expect(!Self.lines(model).headings.contains("Title"))
        #expect(!Self.lines(model).row.contains("Title 0"))
        #expect(Self.lines(model).headings.contains("Email"))
        #expect(model.cursorColumn?.field == "Email")
        // h skips the hidden column on its way back to Name.
        _ = model.handle(key: .character("h"))
        #expect(model.cursorColumn?.field == "Name")
        let restored = try #require(Self.remembered(model.handle(key: .character("+"))).first)
        #expect(restored.1.hidden.isEmpty)
        #expect(Self.lines(model).headings.contains("Title"))
    }

    @Test("> widens and < narrows the cursor's column, moving the columns after it")
    func resize() throws {
        var model = Self.model(width: 80)
        _ = model.handle(key: .character("l"))
        // Title's width is where Email starts less where Title starts (and the gap).
        let titleWidth = { (model: ContactListModel) -> Int in
            let headings = Array(Self.lines(model).headings)
            let title = headings.indices.first { String(headings[$0..<min($0 + 5, headings.count)]) == "Title" }!
            let email = headings.indices.first { String(headings[$0..<min($0 + 5, headings.count)]) == "Email" }!
            return email - title
        }
        let before = titleWidth(model)
        let wider = try #require(Self.remembered(model.handle(key: .character(">"))).first)
        #expect(wider.1.widths["title"] == before - 2 + ContactListModel.columnWidthStep)
        #expect(titleWidth(model) == before + ContactListModel.columnWidthStep)
        _ = model.handle(key: .character("<"))
        _ = model.handle(key: .character("<"))
        #expect(titleWidth(model) == before - ContactListModel.columnWidthStep)
    }

    @Test("columns wider than the terminal scroll sideways with the cursor, and Name stays in place")
    func scrollsSideways() {
        var model = Self.model(width: 40)
        _ = model.handle(key: .character("l"))
        for _ in 0..<12 { _ = model.handle(key: .character(">")) }
        _ = model.handle(key: .character("l"))
        let (headings, row) = Self.lines(model)
        #expect(headings.hasPrefix(" Name"))
        #expect(row.hasPrefix(" Contact 0000"))
        #expect(headings.contains("Email"), "the cursor's column is in view: \(headings)")
        #expect(row.contains("c0@example.com"))
        #expect(!headings.contains("Title"), "the wide column scrolled off: \(headings)")
        _ = model.handle(key: .character("h"))
        #expect(Self.lines(model).headings.contains("Title"))
        #expect(Self.lines(model).headings.hasPrefix(" Name"))
    }

    @Test("a list that opens with the cursor's column hidden puts the cursor on the next shown; s sorts by it")
    func cursorNeverOnHidden() throws {
        var model = ContactListModel(
            query: "SELECT Id, Title, Name, Email FROM Contact", origin: "127.0.0.1:1", requests: Fixtures.client())
        model.columnLayouts = ["SELECT Id, Title, Name, Email FROM Contact": ColumnSettings(hidden: ["title"])]
        model.screenWidth = 60
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: first.id)
        var buffer = CellBuffer(width: 60, height: 8)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        #expect(!buffer.text.contains("Title"))
        #expect(buffer[1, 1].style.reverse, "Name's heading, first on screen, is the cursor's")
        let sort = try SortTests.soql(model.handle(key: .character("s")))
        #expect(sort.hasSuffix("ORDER BY Name ASC"))
    }

    @Test("the layout is the list's: kept for its query, and the other query's applies after a switch")
    func keptPerList() throws {
        let other = "SELECT Id, Name, Email FROM Contact"
        var model = Self.model(
            layouts: [Self.query: ColumnSettings(hidden: ["email"]), other: ColumnSettings(hidden: [])])
        #expect(!Self.lines(model).headings.contains("Email"))
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type(other, into: &model)
        let switched = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        _ = model.handle(response: Fixtures.page([Fixtures.contact(5)]), for: switched.id)
        #expect(model.query == other)
        #expect(Self.lines(model).headings.contains("Email"))
    }
}
