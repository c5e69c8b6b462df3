import RestCore
import Testing

@testable import ContactList

@Suite("Undo a delete (U, SOAP undelete)")
struct UndoTests {
    /// A model of `count` contacts whose delete of the row at `position` the org confirmed.
    static func deletedOne(count: Int = 5, position: Int = 2) throws -> ContactListModel {
        var model = Fixtures.loadedModel(count: count)
        for _ in 0..<position { _ = model.handle(key: .down) }
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        return model
    }

    @Test("after d the status line offers U; U sends one SOAP undelete and shows the row again at once, in query order")
    func single() async throws {
        var model = try Self.deletedOne()
        #expect(model.notices.statusMessage == "Deleted Contact 0002 · U undo")
        let requests = Fixtures.sentRequests(model.handle(key: .character("U")))
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == .POST)
        #expect(Fixtures.isUndelete(request))
        #expect(Fixtures.undeleteIDs(request) == [Fixtures.id(2)])
        #expect(model.dataRows.map(\.id) == (0..<5).map(Fixtures.id))
        #expect(model.changes.undeletes.count == 1)
        #expect(!model.confirmedDeletedIDs.contains(Fixtures.id(2)))
        #expect(model.notices.statusMessage == "Restoring Contact 0002…")
        let frame = ContactListScreen(model: model).frame(width: 100, height: 12).text
        #expect(frame.contains("Contact 0002"))
        _ = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(2)]), for: request.id)
        #expect(model.changes.undeletes.isEmpty)
        #expect(model.dataRows.map(\.id) == (0..<5).map(Fixtures.id))
        #expect(model.notices.statusMessage == "Restored Contact 0002")
        #expect(model.notices.alerts.isEmpty)
    }

    @Test("U walks back: each press undoes the delete before the one it undid")
    func walksBack() async throws {
        var model = Fixtures.loadedModel(count: 5)
        for _ in 0..<2 {
            let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
            _ = model.handle(response: Fixtures.noContent, for: delete.id)
        }
        let first = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(Fixtures.undeleteIDs(first) == [Fixtures.id(1)])
        let second = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(Fixtures.undeleteIDs(second) == [Fixtures.id(0)])
        #expect(model.dataRows.map(\.id) == (0..<5).map(Fixtures.id))
        #expect(Fixtures.sentRequests(model.handle(key: .character("U"))).isEmpty)
        #expect(model.notices.statusMessage.hasPrefix("Nothing to undo"))
    }

    @Test("a refused delete is skipped: U undoes the delete before it")
    func skipsRefused() async throws {
        var model = Fixtures.loadedModel(count: 4)
        let kept = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.noContent, for: kept.id)
        let refused = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.deleteFailed, for: refused.id)
        _ = model.handle(key: .enter)
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(Fixtures.undeleteIDs(undo) == [Fixtures.id(0)])
    }

    @Test("a bulk delete of five: the status offers U, and U restores all five in one call, in query order")
    func bulk() async throws {
        var model = Fixtures.loadedModel(count: 8)
        Fixtures.mark([1, 2, 4, 5, 7], in: &model)
        _ = model.handle(key: .character("d"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        let ids = Fixtures.collectionIDs(delete)
        _ = model.handle(response: Fixtures.collectionResults(ids: ids), for: delete.id)
        #expect(model.notices.statusMessage == "Deleted 5 contacts · U undo")
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(Set(Fixtures.undeleteIDs(undo)) == Set(ids))
        #expect(model.dataRows.map(\.id) == (0..<8).map(Fixtures.id))
        #expect(model.changes.undeletes.count == 5)
        _ = model.handle(response: Fixtures.undeleteResults(ids: Fixtures.undeleteIDs(undo)), for: undo.id)
        #expect(model.notices.statusMessage == "Restored 5 contacts")
        #expect(model.changes.isEmpty)
    }

    @Test("more than 200 records are undeleted 200 ids a call")
    func chunks() async throws {
        var model = Fixtures.loadedModel(count: 250)
        _ = model.handle(key: .character("*"))
        _ = model.handle(key: .character("d"))
        let deletes = Fixtures.sentRequests(model.handle(key: .character("y")))
        for delete in deletes {
            _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(delete)), for: delete.id)
        }
        let undos = Fixtures.sentRequests(model.handle(key: .character("U")))
        #expect(undos.map { Fixtures.undeleteIDs($0).count }.sorted() == [50, 200])
        #expect(model.dataRows.count == 250)
    }

    @Test("a refusal takes the rows away again with one alert naming them and quoting the org")
    func refused() async throws {
        var model = Fixtures.loadedModel(count: 6)
        Fixtures.mark([0, 1, 2], in: &model)
        _ = model.handle(key: .character("d"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(delete)), for: delete.id)
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        let ids = Fixtures.undeleteIDs(undo)
        _ = model.handle(
            response: Fixtures.undeleteResults(ids: ids) { id in
                id == Fixtures.id(1) ? nil : ("UNDELETE_FAILED", "Entity is not in the recycle bin")
            }, for: undo.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(3), Fixtures.id(4), Fixtures.id(5)])
        #expect(model.confirmedDeletedIDs == [Fixtures.id(0), Fixtures.id(2)])
        #expect(model.notices.alerts.count == 1)
        let alert = try #require(model.notices.alerts.first)
        #expect(alert.title == "Cannot undo delete")
        #expect(alert.message == "2 contacts were not restored:")
        #expect(
            Set(alert.details) == [
                "Contact 0000 was not restored: UNDELETE_FAILED: Entity is not in the recycle bin",
                "Contact 0002 was not restored: UNDELETE_FAILED: Entity is not in the recycle bin",
            ])
        #expect(model.notices.statusMessage == "Restored Contact 0001; 2 contacts were not restored")
    }

    @Test("a SOAP fault refuses every record of the call, quoting the fault")
    func fault() async throws {
        var model = try Self.deletedOne()
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        _ = model.handle(
            response: Fixtures.refusal(500, "INSUFFICIENT_ACCESS", "insufficient access rights on object id"),
            for: undo.id)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(2) })
        #expect(
            model.notices.alerts.map(\.message) == [
                "Contact 0002 was not restored: INSUFFICIENT_ACCESS: insufficient access rights on object id"
            ])
    }

    @Test("no answer reads the records back with queryAll: IsDeleted false keeps the row, true takes it away")
    func unknown() async throws {
        var model = Fixtures.loadedModel(count: 4)
        Fixtures.mark([0, 1], in: &model)
        _ = model.handle(key: .character("d"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(delete)), for: delete.id)
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        let readBack = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: undo.id)).first)
        #expect(readBack.path.hasSuffix("/queryAll"))
        let soql = try #require(readBack.queryItems.first { $0.name == "q" }?.value)
        #expect(soql.hasPrefix("SELECT Id, IsDeleted FROM Contact WHERE Id IN ("))
        #expect(model.dataRows.count == 4)
        _ = model.handle(
            response: Fixtures.isDeletedPage([(Fixtures.id(0), false), (Fixtures.id(1), true)]), for: readBack.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(2), Fixtures.id(3)])
        #expect(model.changes.isEmpty)
        #expect(model.notices.alerts.map(\.message) == ["The server did not answer; Contact 0001 was not restored."])
    }

    @Test("no answer and a failed read back keep the rows and say the outcome is unknown")
    func unknownUnread() async throws {
        var model = try Self.deletedOne()
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        let readBack = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: undo.id)).first)
        _ = model.handle(response: .failure(.timedOut), for: readBack.id)
        #expect(model.dataRows.contains { $0.id == Fixtures.id(2) })
        #expect(model.changes.isEmpty)
        #expect(model.notices.alerts.map(\.title) == ["Undo outcome unknown"])
    }

    @Test("U on a delete still in flight waits for it to settle, then undoes it; a refused one needs nothing")
    func inFlight() async throws {
        var model = Fixtures.loadedModel(count: 4)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(Fixtures.sentRequests(model.handle(key: .character("U"))).isEmpty)
        #expect(model.notices.statusMessage == "Undo waits for the delete of Contact 0000 to settle…")
        let undo = try #require(Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: delete.id)).first)
        #expect(Fixtures.undeleteIDs(undo) == [Fixtures.id(0)])
        #expect(model.dataRows.map(\.id) == (0..<4).map(Fixtures.id))

        // The restored row refuses d while its undelete is pending; the next one is deleted.
        _ = model.handle(key: .character("g"))
        #expect(model.handle(key: .character("d")).isEmpty)
        #expect(model.notices.statusMessage == "This record is being restored; d and e wait until the org answers.")
        _ = model.handle(key: .down)
        let refused = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .character("U"))
        #expect(Fixtures.sentRequests(model.handle(response: Fixtures.deleteFailed, for: refused.id)).isEmpty)
        #expect(model.dataRows.count == 4)
    }

    @Test("q waits for an undelete in flight")
    func quitWaits() async throws {
        var model = try Self.deletedOne()
        let undo = try #require(Fixtures.sentRequests(model.handle(key: .character("U"))).first)
        #expect(!model.handle(key: .character("q")).contains { if case .quit = $0 { true } else { false } })
        #expect(model.changesInFlight.map(\.kindName) == ["undelete"])
        _ = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(2)]), for: undo.id)
        #expect(model.quitWhenSettled().contains { if case .quit = $0 { true } else { false } })
    }

    @Test("a read-only session refuses U at the key")
    func readOnly() async throws {
        var model = Fixtures.loadedModel(count: 2, client: Fixtures.client(readOnly: true))
        #expect(model.handle(key: .character("U")).isEmpty)
        #expect(model.notices.statusMessage.hasPrefix("Read-only"))
    }

    @Test("the help lists U, and a read-only session's help leaves it out")
    func help() async throws {
        #expect(HelpOverlay(isReadOnly: false).lines.contains { $0.text.hasPrefix("U ") && $0.text.contains("undo") })
        #expect(!HelpOverlay(isReadOnly: true).lines.contains { $0.text.hasPrefix("U ") })
    }
}
