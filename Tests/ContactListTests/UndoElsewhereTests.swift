import RestCore
import Testing

@testable import ContactList

/// `U` for a delete made in another list than the one shown. Its rows are not on the screen, so
/// the first `U` only names them; `U` again, while that sentence shows, restores them at the org,
/// where they show in their own list. This list's count never counts rows it does not show.
@Suite("U for a delete made in another list")
struct UndoElsewhereTests {
    /// A second list of contacts, where the deleted Contact 0002 is not among the rows.
    static let otherQuery = "SELECT Id, Name FROM Contact WHERE Name > 'Contact 0002'"

    /// `UndoTests.deletedOne` (Contact 0002 deleted from five), then `:` to `soql`, whose first page
    /// lists `rows`.
    static func switched(to soql: String = otherQuery, rows: [Int] = [3, 4]) throws -> ContactListModel {
        var model = try UndoTests.deletedOne()
        try Self.switchList(&model, to: soql, rows: rows)
        return model
    }

    static func switchList(_ model: inout ContactListModel, to soql: String, rows: [Int]) throws {
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type(soql, into: &model)
        let first = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        _ = model.handle(response: Fixtures.page(rows.map { Fixtures.contact($0) }), for: first.id)
        #expect(model.query == soql)
    }

    /// The status line as drawn: the list's count, then the last message.
    static func statusLine(_ model: ContactListModel) -> String {
        let frame = ContactListScreen(model: model).frame(width: 200, height: 12).text
        return frame.split(separator: "\n").first { $0.contains(" loaded") }.map(String.init) ?? ""
    }

    static func undeletes(_ effects: [ContactListEffect]) -> [RestRequest] {
        Fixtures.sentRequests(effects).filter(Fixtures.isUndelete)
    }

    @Test("the first U names the record and sends nothing; U again restores it at the org; the count stays this list's")
    func namesThenRestores() throws {
        var model = try Self.switched()
        #expect(Self.statusLine(model).hasPrefix(" 2 of 2 loaded"))
        #expect(Self.undeletes(model.handle(key: .character("U"))).isEmpty)
        #expect(
            Self.statusLine(model)
                == " 2 of 2 loaded · U again restores Contact 0002, deleted in another list: it shows there, not in this one."
        )
        #expect(model.changes.undeletes.isEmpty)

        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        #expect(Fixtures.undeleteIDs(undo) == [Fixtures.id(2)])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(3), Fixtures.id(4)])
        #expect(Self.statusLine(model) == " 2 of 2 loaded · Restoring Contact 0002 for the list it was deleted from…")
        _ = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(2)]), for: undo.id)
        #expect(Self.statusLine(model) == " 2 of 2 loaded · Restored Contact 0002 for the list it was deleted from")
        #expect(model.dataRows.map(\.id) == [Fixtures.id(3), Fixtures.id(4)])
        #expect(model.changes.isEmpty)
        #expect(model.notices.alerts.isEmpty)
        // Nothing more to undo: the one delete was restored.
        #expect(Self.undeletes(model.handle(key: .character("U"))).isEmpty)
        #expect(model.notices.statusMessage.hasPrefix("Nothing to undo"))

        // Back in the list it was deleted from, the org lists it again.
        try Self.switchList(&model, to: Fixtures.query, rows: Array(0..<5))
        #expect(model.dataRows.map(\.id) == (0..<5).map(Fixtures.id))
        #expect(Self.statusLine(model).hasPrefix(" 5 of 5 loaded"))
    }

    @Test("the offer lasts only while it shows: after another status line, U names the record again")
    func offerEndsWithItsSentence() throws {
        var model = try Self.switched()
        _ = model.handle(key: .character("U"))
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        _ = model.handle(response: Fixtures.page([3, 4].map { Fixtures.contact($0) }), for: refresh.id)
        #expect(!Self.statusLine(model).contains("U again"))
        #expect(Self.undeletes(model.handle(key: .character("U"))).isEmpty)
        #expect(Self.statusLine(model).contains("U again restores Contact 0002, deleted in another list"))
        #expect(Self.undeletes(model.handle(key: .character("U"))).map(Fixtures.undeleteIDs) == [[Fixtures.id(2)]])
    }

    @Test("a refused restore of another list's delete leaves this list's count as it was, with the alert")
    func refusedElsewhere() throws {
        var model = try Self.switched()
        _ = model.handle(key: .character("U"))
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        _ = model.handle(
            response: Fixtures.undeleteResults(ids: [Fixtures.id(2)]) { _ in
                ("UNDELETE_FAILED", "Entity is not in the recycle bin")
            }, for: undo.id)
        #expect(Self.statusLine(model).hasPrefix(" 2 of 2 loaded · 1 contact was not restored"))
        #expect(model.notices.alerts.map(\.title) == ["Cannot undo delete"])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(3), Fixtures.id(4)])
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(2)))
    }

    @Test("a bulk delete of another list is named by its count; in the list it came from, U acts at once")
    func bulkElsewhereAndHere() throws {
        var model = Fixtures.loadedModel(count: 6)
        Fixtures.mark([0, 1], in: &model)
        _ = model.handle(key: .character("d"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(delete)), for: delete.id)
        try Self.switchList(&model, to: Self.otherQuery, rows: [3, 4, 5])
        #expect(Self.undeletes(model.handle(key: .character("U"))).isEmpty)
        #expect(
            model.notices.statusMessage
                == "U again restores 2 contacts, deleted in another list: they show there, not in this one.")
        // Back where they were deleted, before the org restored them: U restores at once, counted.
        try Self.switchList(&model, to: Fixtures.query, rows: Array(2..<6))
        #expect(Self.statusLine(model).hasPrefix(" 4 of 4 loaded"))
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        #expect(Set(Fixtures.undeleteIDs(undo)) == [Fixtures.id(0), Fixtures.id(1)])
        #expect(Self.statusLine(model) == " 6 of 6 loaded · Restoring 2 contacts…")
        // This run's pages never listed them: they come back after its rows.
        #expect(model.dataRows.map(\.id) == (2..<6).map(Fixtures.id) + [Fixtures.id(0), Fixtures.id(1)])
    }
}
