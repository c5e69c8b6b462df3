import RestCore
import Testing

@testable import ContactList

@Suite("The Recycle Bin view (--recycle-bin)")
struct RecycleBinTests {
    static let query =
        "SELECT Id, Name, SystemModstamp FROM Contact WHERE IsDeleted = true ORDER BY SystemModstamp DESC"

    /// A bin of `count` deleted contacts, read with queryAll.
    static func bin(count: Int) throws -> ContactListModel {
        var model = ContactListModel(query: query, origin: "o", requests: Fixtures.client(), recycleBin: true)
        model.visibleRowCount = 10
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        #expect(first.path.hasSuffix("/queryAll"))
        _ = model.handle(
            response: Fixtures.page(
                (0..<count).map { index in
                    var record = Fixtures.contact(index)
                    record["SystemModstamp"] = "2026-11-2\(index % 10)T10:00:00.000+0000"
                    return record
                }), for: first.id)
        return model
    }

    @Test("U restores the selected row: it leaves the bin at once and stays gone when the org restores it")
    func restoreSelected() async throws {
        var model = try Self.bin(count: 3)
        _ = model.handle(key: .down)
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(Fixtures.undeleteIDs(undo) == [Fixtures.id(1)])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(2)])
        _ = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(1)]), for: undo.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(2)])
        #expect(model.notices.statusMessage == "Restored Contact 0001")
        // A refresh while the org restored it does not bring it back: the bin no longer lists it.
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        #expect(refresh.path.hasSuffix("/queryAll"))
    }

    @Test("marks work in the bin; U restores the marked rows in one call; a refused one comes back on top")
    func restoreMarked() async throws {
        var model = try Self.bin(count: 5)
        Fixtures.mark([0, 2, 4], in: &model)
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        let ids = Fixtures.undeleteIDs(undo)
        #expect(ids == [Fixtures.id(0), Fixtures.id(2), Fixtures.id(4)])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(3)])
        #expect(model.viewport.marks.isEmpty)
        _ = model.handle(
            response: Fixtures.undeleteResults(ids: ids) { $0 == Fixtures.id(2) ? ("UNDELETE_FAILED", "purged") : nil },
            for: undo.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(2), Fixtures.id(1), Fixtures.id(3)])
        #expect(model.notices.alerts.map(\.message) == ["Contact 0002 was not restored: UNDELETE_FAILED: purged"])
    }

    @Test("the header names the bin, not a query")
    func headerNamesTheBin() throws {
        let model = try Self.bin(count: 2)
        let header = ContactListScreen(model: model).frame(width: 100, height: 10).text.split(separator: "\n").first
        #expect(header?.hasPrefix(" Contact · Recycle Bin · o") == true, "\(header ?? "")")
    }

    @Test("d and e refuse in the bin with one sentence, and send nothing")
    func dAndERefuse() async throws {
        var model = try Self.bin(count: 2)
        for key in [Key.character("d"), .delete, .character("e")] {
            #expect(model.handle(key: key).isEmpty)
            #expect(model.notices.statusMessage == ContactListModel.recycleBinRefusal)
        }
        #expect(model.dataRows.count == 2)
    }
}
