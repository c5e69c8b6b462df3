import RestCore
import Testing

@testable import ContactList

@Suite("Delete with rollback")
struct DeleteTests {
    @Test("d removes the row at once, keyed by the DELETE's own id, and keeps the selection's index")
    func optimisticRemoval() async throws {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        let requests = Fixtures.sentRequests(model.handle(key: .character("d")))
        let request = try #require(requests.first)
        #expect(requests.count == 1)
        #expect(request.method == .DELETE)
        #expect(request.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(2))"))
        #expect(model.deleteRequests[request.id]?.row == 2)
        #expect(model.deleteRequests[request.id]?.record.id == Fixtures.id(2))
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(2) })
        #expect(model.viewport.selection == 2)
        #expect(model.selectedRecord?.id == Fixtures.id(3))
        // The very next frame shows the list without it.
        let frame = ContactListScreen(model: model).frame(width: 100, height: 12).text
        #expect(frame.components(separatedBy: "\n")[2...9].allSatisfy { !$0.contains("Contact 0002") })
        #expect(frame.contains("1 delete pending"))
    }

    @Test("deleting the last row moves the selection to the new last row")
    func deleteLast() async {
        var model = Fixtures.loadedModel(count: 3)
        _ = model.handle(key: .end)
        _ = model.handle(key: .delete)
        #expect(model.viewport.selection == 1)
        #expect(model.selectedRecord?.id == Fixtures.id(1))
    }

    @Test("success forgets the entry and says Deleted NAME")
    func success() async throws {
        var model = Fixtures.loadedModel(count: 3)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.noContent, for: request.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.statusMessage == "Deleted Contact 0000 · U undo")
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2)])
        #expect(model.notices.alerts.isEmpty)
    }

    @Test(
        "a refusal puts the record back on top, keeps the selection on its record and alerts with the server's message naming it"
    )
    func rollback() async throws {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .down)
        #expect(model.selectedRecord?.id == Fixtures.id(4))
        _ = model.handle(response: Fixtures.deleteFailed, for: request.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.first?.id == Fixtures.id(2))
        #expect(model.dataRows.count == 5)
        // The selection stays on the record it was on: the row put back does not take it.
        #expect(model.selectedRecord?.id == Fixtures.id(4))
        #expect(model.viewport.scrollOffset == 0)
        #expect(model.notices.statusMessage == "Could not delete Contact 0002")
        #expect(
            model.notices.alerts == [
                Alert(
                    title: "Cannot delete item",
                    message:
                        "Contact 0002 was not deleted: "
                        + "Your attempt to delete Ann could not be completed because it is associated with cases.")
            ])
    }

    @Test(
        "each failure kind has its message",
        arguments: [
            (
                RestClientError.apiInvocationFailed(status: 500, headers: [:], errors: [], rawBody: "oops"),
                "Failed to delete Contact 0000."
            ),
            (.decodingFailed("x"), "Decoding error; Contact 0000 was not deleted."),
            (.jsonSerialization("x"), "Serialization error; Contact 0000 was not deleted."),
            (.cancelled, "The delete was cancelled; Contact 0000 was not deleted."),
            (
                .transportFailed(host: "127.0.0.1", reason: "no such host"),
                "Could not reach 127.0.0.1; Contact 0000 was not deleted."
            ),
            (
                .transportFailed(host: "127.0.0.1", reason: "connection refused"),
                "Could not reach 127.0.0.1; Contact 0000 was not deleted."
            ),
        ])
    func failureMessages(error: RestClientError, message: String) async throws {
        var model = Fixtures.loadedModel(count: 2)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: .failure(error), for: request.id)
        #expect(model.notices.alerts.map(\.message) == [message])
        #expect(model.notices.alerts.map(\.title) == ["Cannot delete item"])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(1)])
    }

    @Test("several failures queue their alerts; the modal takes Enter, Esc and Space only")
    func queuedAlerts() async throws {
        var model = Fixtures.loadedModel(count: 6)
        var ids: [RestRequestID] = []
        for _ in 0..<4 { ids += Fixtures.sentRequests(model.handle(key: .character("d"))).map(\.id) }
        #expect(ids.count == 4)
        #expect(model.deleteRequests.count == 4)
        // Settled out of order, each by its own id.
        _ = model.handle(response: Fixtures.deleteFailed, for: ids[2])
        _ = model.handle(response: Fixtures.refusal(403, "INSUFFICIENT_ACCESS_OR_READONLY"), for: ids[0])
        _ = model.handle(response: Fixtures.noContent, for: ids[1])
        _ = model.handle(response: .failure(.cancelled), for: ids[3])
        #expect(model.notices.alerts.count == 3)
        #expect(ContactListScreen(model: model).frame(width: 80, height: 20).text.contains("1 of 3"))
        // Other keys wait; network events keep being applied underneath.
        #expect(model.handle(key: .character("q")).isEmpty)
        _ = model.handle(key: .character("j"))
        #expect(model.notices.alerts.count == 3)
        _ = model.handle(key: .enter)
        _ = model.handle(key: .escape)
        #expect(model.notices.alerts.count == 1)
        #expect(!ContactListScreen(model: model).frame(width: 80, height: 20).text.contains("of 1"))
        _ = model.handle(key: .character(" "))
        #expect(model.notices.alerts.isEmpty)
        #expect(Set(model.dataRows.map(\.id)).count == model.dataRows.count)
        #expect(model.dataRows.count == 5)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(1) })
    }

    @Test("refresh while deletes are pending: pending rows stay hidden, deleted ones never come back")
    func refreshDuringDelete() async throws {
        var model = Fixtures.loadedModel(count: 4)
        let first = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        let second = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        // The server deleted the first meanwhile, but this page was read before.
        _ = model.handle(response: Fixtures.noContent, for: first.id)
        _ = model.handle(response: Fixtures.page((0..<4).map { Fixtures.contact($0) }), for: refresh.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(2), Fixtures.id(3)])
        _ = model.handle(response: Fixtures.deleteFailed, for: second.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2), Fixtures.id(3)])
        _ = model.handle(key: .enter)
        // A second refresh that still lists the first (a stale read) does not bring it back.
        let again = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        _ = model.handle(response: Fixtures.page((0..<4).map { Fixtures.contact($0) }), for: again.id)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2), Fixtures.id(3)])
    }

    @Test("--read-only: d removes nothing and the status line says why")
    func readOnly() async {
        let client = Fixtures.client(readOnly: true)
        var model = Fixtures.loadedModel(count: 3, client: client)
        let effects = model.handle(key: .character("d"))
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(model.dataRows.count == 3)
        #expect(model.deleteRequests.isEmpty)
        #expect(StatusLine(model: model).text.contains("--read-only"))
    }
}
