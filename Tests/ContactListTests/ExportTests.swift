import Testing

@testable import ContactList

@Suite("w: writing the rows to a file")
struct ExportTests {
    /// The screen's lines as text.
    static func screen(_ model: ContactListModel, width: Int = 60, height: Int = 10) -> [String] {
        var buffer = CellBuffer(width: width, height: height)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        return buffer.text.components(separatedBy: "\n")
    }

    /// The exports among `effects`.
    static func exports(_ effects: [ContactListEffect]) -> [RecordExport] {
        effects.compactMap { effect in
            if case .export(let export) = effect { return export }
            return nil
        }
    }

    /// Presses `w`, types `path` and Enter; the effects of the Enter.
    static func write(to path: String, in model: inout ContactListModel) -> [ContactListEffect] {
        _ = model.handle(key: .character("w"))
        _ = Fixtures.type(path, into: &model)
        return model.handle(key: .enter)
    }

    @Test("the path is typed in the bottom line; Enter writes the shown rows in their order, with the list's query")
    func writesShownRows() throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("w"))
        _ = Fixtures.type("out.tsv", into: &model)
        #expect(Self.screen(model).last?.hasPrefix("Write to: out.tsv") == true)
        let export = try #require(Self.exports(model.handle(key: .enter)).first)
        #expect(export.ids == [Fixtures.id(0), Fixtures.id(1), Fixtures.id(2)])
        #expect(export.query == Fixtures.query)
        #expect(export.format == .tsv)
        #expect(!export.overwrite)
        #expect(model.focus == .list)
        model.settleExport(.written(path: "out.tsv", count: 3))
        #expect(Self.screen(model).contains { $0.contains("Wrote 3 contacts to out.tsv") })
    }

    @Test("with a filter, the matches are written; with marks, only the marked; .jsonl gives JSON lines")
    func filterAndMarks() throws {
        var model = Fixtures.model(names: ["Ann", "Bob", "Anton", "Cy"])
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("an", into: &model)
        _ = model.handle(key: .enter)
        let filtered = try #require(Self.exports(Self.write(to: "a.jsonl", in: &model)).first)
        #expect(filtered.ids == [Fixtures.id(0), Fixtures.id(2)])
        #expect(filtered.format == .jsonLines)

        _ = model.handle(key: .escape)
        _ = model.handle(key: .character("j"))
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        let marked = try #require(Self.exports(Self.write(to: "m.tsv", in: &model)).first)
        #expect(marked.ids == [Fixtures.id(1), Fixtures.id(2)])
    }

    @Test("the org search's rows are shown rows: they are written after the filter's matches")
    func orgSearchRows() throws {
        var model = OrgSearchTests.partlyLoaded(5, total: 50)
        let search = try #require(OrgSearchTests.scheduled(OrgSearchTests.filter("contact 00", in: &model)).last)
        _ = model.handle(response: OrgSearchTests.found([2, 30, 31]), for: search.request.id)
        _ = model.handle(key: .enter)
        let export = try #require(Self.exports(Self.write(to: "found.tsv", in: &model)).first)
        #expect(export.ids == [0, 1, 2, 3, 4, 30, 31].map(Fixtures.id))
    }

    @Test("an existing file is replaced only after y; any other key writes nothing")
    func asksBeforeReplacing() throws {
        var model = Fixtures.loadedModel(count: 2)
        let first = try #require(Self.exports(Self.write(to: "out.tsv", in: &model)).first)
        model.settleExport(.exists(first))
        #expect(model.focus == .exportOverwrite)
        #expect(Self.screen(model).contains { $0.contains("out.tsv exists. Replace it? y/N") })
        #expect(Self.screen(model).last?.contains("y replace") == true)
        #expect(Self.exports(model.handle(key: .character("n"))).isEmpty)
        #expect(model.focus == .list)
        #expect(model.notices.statusMessage == "Nothing written; out.tsv is unchanged")

        model.settleExport(.exists(first))
        let again = try #require(Self.exports(model.handle(key: .character("y"))).first)
        #expect(again.overwrite)
        #expect(again.ids == first.ids)
    }

    @Test("Esc cancels the path and no key reaches the list meanwhile; an error is one sentence in the status line")
    func cancelAndFailure() throws {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .character("w"))
        // `d` and `q` are typed into the path, not acted on.
        #expect(model.handle(key: .character("d")).isEmpty)
        #expect(model.handle(key: .character("q")).isEmpty)
        #expect(model.exportPathField?.text == "dq")
        #expect(model.shownCount == 3)
        _ = model.handle(key: .escape)
        #expect(model.focus == .list)
        #expect(model.notices.statusMessage == "Nothing written")
        model.settleExport(.failed("Nothing written: there is no folder /nope."))
        #expect(Self.screen(model).contains { $0.contains("Nothing written: there is no folder /nope.") })
        #expect(model.shownCount == 3)
    }

    @Test("a list of counts is not written as records, and an empty list says there is nothing")
    func refusals() {
        var counts = Fixtures.model(records: [], query: "SELECT COUNT() FROM Contact")
        _ = counts.handle(key: .character("w"))
        #expect(counts.focus == .list)
        #expect(counts.notices.statusMessage.hasPrefix("Only records can be written"))
        var empty = Fixtures.model(records: [])
        _ = empty.handle(key: .character("w"))
        #expect(empty.focus == .list)
        #expect(empty.notices.statusMessage == "No contacts to write.")
    }
}
