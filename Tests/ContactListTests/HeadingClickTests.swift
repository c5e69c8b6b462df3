import Testing

@testable import ContactList

@Suite("A click on a heading")
struct HeadingClickTests {
    /// The screen column where `word` starts on the headings row.
    static func column(of word: String, in model: ContactListModel) throws -> Int {
        let headings = ContactListScreen(model: model).frame(width: model.screenWidth, height: 12).text
            .components(separatedBy: "\n")[ContactListModel.headingRow]
        let start = try #require(headings.range(of: word)).lowerBound
        return headings.distance(from: headings.startIndex, to: start)
    }

    @Test("sorts by that column as s does, moves the column cursor there, and again flips the order")
    func sortsAndFlips() throws {
        var model = Fixtures.loadedModel(count: 4)
        model.screenWidth = 100
        let email = try Self.column(of: "Email", in: model)
        let effects = model.handle(key: .click(x: email + 2, y: ContactListModel.headingRow))
        #expect(try SortTests.soql(effects).hasSuffix("FROM Contact ORDER BY Email ASC"))
        #expect(model.cursorColumn?.field == "Email")
        let request = try #require(Fixtures.sentRequests(effects).first)
        _ = model.handle(response: Fixtures.page((0..<4).map { Fixtures.contact($0) }), for: request.id)
        let heading = ContactListScreen(model: model).frame(width: 100, height: 12).text
            .components(separatedBy: "\n")[ContactListModel.headingRow]
        #expect(heading.contains("Email ▲"))
        let again = model.handle(
            key: .click(x: try Self.column(of: "Email", in: model), y: ContactListModel.headingRow))
        #expect(try SortTests.soql(again).hasSuffix("ORDER BY Email DESC"))
        // The selection did not move to a row: the click was on the headings.
        #expect(model.viewport.selection == 0)
    }

    @Test("a click in the gap between headings sorts nothing")
    func gapDoesNothing() throws {
        var model = Fixtures.loadedModel(count: 4)
        model.screenWidth = 100
        let title = try Self.column(of: "Title", in: model)
        #expect(model.handle(key: .click(x: title - 1, y: ContactListModel.headingRow)).isEmpty)
        #expect(model.run.pendingSort == nil)
    }
}
