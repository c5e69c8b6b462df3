import RestCore
import Testing

@testable import ContactList

/// An edit changes one row's text in the search index in place: the filter must then find the
/// new value, no longer find the old one, and find the old one again after a rollback.
@Suite("The filter after an edit")
struct EditFilterTests {
    /// Sets the filter's text (Enter leaves the filter bar with the filter kept).
    static func filter(_ model: inout ContactListModel, _ text: String) {
        if model.filter != nil { model.clearFilter() }
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type(text, into: &model)
        _ = model.handle(key: .enter)
    }

    /// The ids the filter `text` shows.
    static func shownIDs(_ model: inout ContactListModel, filter text: String) -> [String] {
        filter(&model, text)
        return (0..<model.shownCount).map { model.shownRecord(at: $0).id }
    }

    /// The filter's matches agree with the reference match of every row's values.
    static func expectAgrees(_ model: ContactListModel, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let filter = try #require(model.filter, "a filter is set", sourceLocation: sourceLocation)
        let expected = model.dataRows.indices.filter { filter.matches(model.dataRows[$0], columns: model.run.columns) }
        #expect(filter.matches == expected, sourceLocation: sourceLocation)
    }

    @Test("after an edit the filter finds the new value and not the old one; after a rollback the reverse")
    func editThenRollback() throws {
        var model = try EditTests.model()
        let update = try EditTests.edit(&model, to: "zq@new.io")
        #expect(Self.shownIDs(&model, filter: "zq@new") == [Fixtures.id(0)])
        #expect(Self.shownIDs(&model, filter: "c0@example").isEmpty)
        #expect(Self.shownIDs(&model, filter: "example").count == 4)

        _ = model.handle(response: EditTests.invalidEmail, for: update.id)
        #expect(EditTests.email(model) == "c0@example.com")
        try Self.expectAgrees(model)
        #expect(model.notices.alerts.count == 1)
        _ = model.handle(key: .enter)  // dismisses the alert
        #expect(model.shownCount == 5, "the rolled-back row matches the filter shown again")
        #expect(Self.shownIDs(&model, filter: "zq@new").isEmpty)
        #expect(Self.shownIDs(&model, filter: "c0@example") == [Fixtures.id(0)])
    }

    @Test("an edit under a filter takes the row out of its matches, a rollback puts it back; the selection stays")
    func editUnderFilter() throws {
        var model = try EditTests.model()
        // Typed one character at a time, so that the filter keeps the sets of "e" … "exampl".
        Self.filter(&model, "example")
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        #expect(model.selectedRecord?.id == Fixtures.id(2))
        let update = try EditTests.edit(&model, to: "longer-than-before@other.io")
        #expect(model.shownCount == 4)
        #expect(model.selectedRecord?.id == Fixtures.id(3), "the next row takes the edited row's place")
        try Self.expectAgrees(model)

        _ = model.handle(key: .up)
        #expect(model.selectedRecord?.id == Fixtures.id(1))
        _ = model.handle(response: EditTests.invalidEmail, for: update.id)
        _ = model.handle(key: .enter)  // dismisses the alert
        #expect(model.shownCount == 5)
        #expect(model.selectedRecord?.id == Fixtures.id(1), "the selection stays on its record")
        try Self.expectAgrees(model)
        // A kept earlier set (Backspace) follows the edits too.
        _ = model.handle(key: .character("/"))
        for _ in 0..<4 { _ = model.handle(key: .backspace) }
        try Self.expectAgrees(model)
        #expect(model.shownCount == 5)
    }

    @Test("the index's in-place text matches a fresh index after many edits of different lengths")
    func indexInPlace() {
        let columns = Column.visibleColumns(ofQuery: Fixtures.query)
        var records = (0..<6).map { index in
            ContactRecord(
                id: Fixtures.id(index), objectType: "Contact",
                values: ["Name \(index)", "Title \(index)", "m\(index)@x.io", "", "Acct"])
        }
        var index = SearchIndex(stride: columns.count)
        for record in records { index.append(record) }
        let replacements = ["", "a much longer value than before", "Ünïcode Çafé", "x", "m3@x.io"]
        for (step, value) in replacements.enumerated() {
            let row = (step * 5) % records.count
            var values = records[row].values
            values[2] = value
            records[row] = records[row].replacingValues(values)
            index.replace(at: row, with: records[row])
            var fresh = SearchIndex(stride: columns.count)
            for record in records { fresh.append(record) }
            for query in ["x.io", "much longer", "cafe", "acct", "name 5", "title", "e"] {
                let search = SearchQuery(query)
                #expect(
                    index.rows(matching: search, among: 0..<records.count)
                        == fresh.rows(matching: search, among: 0..<records.count), "\(query) after \(value)")
            }
        }
    }
}
