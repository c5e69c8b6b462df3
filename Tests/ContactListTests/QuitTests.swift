import RestCore
import Testing

@testable import ContactList

@Suite("Quitting with changes in flight")
struct QuitTests {
    static func isQuit(_ effects: [ContactListEffect]) -> Bool {
        effects.contains { if case .quit = $0 { return true } else { return false } }
    }

    @Test("q with nothing in flight quits at once", arguments: [Key.character("q"), Key.control("c")])
    func quitAtOnce(key: Key) {
        var model = Fixtures.loadedModel(count: 3)
        #expect(Self.isQuit(model.handle(key: key)))
    }

    @Test("q with deletes in flight waits, says how many, and quits when the last one settles")
    func waitForChanges() throws {
        var model = Fixtures.loadedModel(count: 5)
        let first = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        let second = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(!Self.isQuit(model.handle(key: .character("q"))))
        #expect(model.modes.isWaitingToQuit)
        #expect(model.notices.statusMessage == "2 changes still in flight — q again to quit now")
        #expect(ContactListScreen(model: model).frame(width: 120, height: 12).text.contains("q again to quit now"))

        _ = model.handle(response: Fixtures.noContent, for: first.id)
        #expect(!Self.isQuit(model.quitWhenSettled()))
        #expect(model.notices.statusMessage == "1 change still in flight — q again to quit now")

        // A failure still rolls back and alerts while the app waits.
        _ = model.handle(response: Fixtures.deleteFailed, for: second.id)
        #expect(model.notices.alerts.count == 1)
        #expect(model.dataRows.contains { $0.id == Fixtures.id(1) })
        #expect(Self.isQuit(model.quitWhenSettled()))
        #expect(model.changesInFlight.isEmpty)
    }

    @Test(
        "a second q or Ctrl-C quits at once and leaves the unknown changes named",
        arguments: [
            Key.character("q"), Key.control("c"),
        ])
    func forcedQuit(second: Key) throws {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .down)
        _ = model.handle(key: .character("d"))
        #expect(!Self.isQuit(model.handle(key: .control("c"))))
        #expect(Self.isQuit(model.handle(key: second)))
        #expect(model.changesInFlight.map(\.record.id) == [Fixtures.id(1)])
        #expect(model.changesInFlight.map(\.record.displayName) == ["Contact 0001"])
    }

    @Test("updates in flight are named with deletes, each by its field, in name order")
    func updatesNamed() throws {
        var model = try EditTests.model()
        _ = model.handle(key: .down)
        _ = model.handle(key: .character("d"))
        _ = model.handle(key: .up)
        let update = try EditTests.edit(&model, to: "quit@example.com")
        #expect(!Self.isQuit(model.handle(key: .character("q"))))
        #expect(model.notices.statusMessage == "2 changes still in flight — q again to quit now")
        #expect(Self.isQuit(model.handle(key: .character("q"))))
        let changes = model.changesInFlight
        #expect(changes.map(\.record.id) == [Fixtures.id(0), Fixtures.id(1)])
        #expect(changes.map(\.kind) == [.update(field: "Email"), .delete])
        #expect(changes.first?.requestID == update.id)
        #expect(
            changes.map(\.description) == [
                "the update of Email of Contact 0000 (\(Fixtures.id(0)))",
                "the delete of Contact 0001 (\(Fixtures.id(1)))",
            ])
    }

    @Test("while waiting to quit, d starts no new change")
    func noNewChanges() {
        var model = Fixtures.loadedModel(count: 5)
        _ = model.handle(key: .character("d"))
        _ = model.handle(key: .character("q"))
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        #expect(model.deleteRequests.count == 1)
        #expect(model.notices.statusMessage.contains("q again to quit now"))
    }

    @Test("a delete without answer keeps the wait going while its record is read back")
    func reconcileKeepsWaiting() throws {
        var model = Fixtures.loadedModel(count: 3)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .character("q"))
        let readBack = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: delete.id)).first)
        #expect(!Self.isQuit(model.quitWhenSettled()))
        _ = model.handle(
            response: .failure(.apiInvocationFailed(status: 404, headers: [:], errors: [], rawBody: nil)),
            for: readBack.id)
        #expect(Self.isQuit(model.quitWhenSettled()))
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(0)))
    }

    @Test("q after a read back that got no answer reads it again, so that the wait can end")
    func quitReadsAnUnansweredReadAgain() throws {
        var model = Fixtures.loadedModel(count: 3)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        let readBack = try #require(
            Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: delete.id)).first)
        #expect(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: readBack.id)).isEmpty)
        let again = try #require(Fixtures.sentRequests(model.handle(key: .character("q"))).first)
        #expect(again.path == readBack.path)
        #expect(model.modes.isWaitingToQuit)
        #expect(!Self.isQuit(model.quitWhenSettled()))
        _ = model.handle(
            response: .failure(.apiInvocationFailed(status: 404, headers: [:], errors: [], rawBody: nil)), for: again.id
        )
        #expect(Self.isQuit(model.quitWhenSettled()))
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(0)))
    }

    @Test("a quit signal waits like q; with nothing in flight it quits at once")
    func signal() {
        var idle = Fixtures.loadedModel(count: 3)
        #expect(Self.isQuit(idle.beginQuitting()))
        var busy = Fixtures.loadedModel(count: 3)
        _ = busy.handle(key: .character("d"))
        #expect(!Self.isQuit(busy.beginQuitting()))
        #expect(busy.modes.isWaitingToQuit)
    }
}
