import Foundation
import RestCore
import Testing

@testable import ContactList

/// `U` when the org cannot be reached queues as `d`, `e` and `c` do: the outbox entry is written
/// before anything is sent, the row shows again marked ↺, `p` lists it, `x` discards it, and it
/// is sent once when the org answers.
@Suite("U offline: a queued undelete")
struct QueuedUndeleteTests {
    /// An online model (outbox and replica) whose delete of row 0 the org confirmed.
    static func deletedOne() throws -> ContactListModel {
        var model = try UnreachableChangeTests.online()
        let delete = try UnreachableChangeTests.sent(model.handle(key: .character("d")), .DELETE)
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(0)))
        return model
    }

    static func undeletes(_ effects: [ContactListEffect]) -> [RestRequest] {
        Fixtures.sentRequests(effects).filter(Fixtures.isUndelete)
    }

    @Test("U meets an unreachable org: queued under its entry's key (not rolled back), ↺, in p; sent once when back")
    func unsentUndeleteQueues() throws {
        var model = try Self.deletedOne()
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        let key = try #require(model.changes.undeletes.keys.first)
        let effects = model.handle(response: OfflineTests.refused, for: undo.id)
        UnreachableChangeTests.expectQueued(effects, model, key: key, kind: .undelete)
        #expect(OfflineTests.queued(effects).first?.record.id == Fixtures.id(0))
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("↺"))
        #expect(OfflineTests.line(model, with: "Contact 0000", repertoire: .ascii).hasPrefix("u"))
        #expect(!model.confirmedDeletedIDs.contains(Fixtures.id(0)))
        #expect(model.notices.statusMessage.hasPrefix("Queued the restore of Contact 0000: the org cannot be reached"))
        _ = model.handle(key: .character("p"))
        #expect(OfflineTests.screen(model).contains("undelete queued   Contact 0000"))
        _ = model.handle(key: .escape)

        let online = try OfflineTests.comeOnline(&model, effects)
        let sent = Self.undeletes(online)
        #expect(sent.count == 1)
        let again = try #require(sent.first)
        #expect(Fixtures.undeleteIDs(again) == [Fixtures.id(0)])
        // The sent change is written before its queued entry is forgotten, and before it goes.
        let written = try #require(online.firstIndex { if case .recordChange = $0 { true } else { false } })
        let forgot = try #require(online.firstIndex { if case .forgetChange(key) = $0 { true } else { false } })
        let goes = try #require(
            online.firstIndex { if case .send(let sent) = $0 { sent.id == again.id } else { false } })
        #expect(written < forgot && forgot < goes)
        #expect(model.offline.entries.isEmpty)
        let settled = model.handle(response: Fixtures.undeleteResults(ids: [Fixtures.id(0)]), for: again.id)
        #expect(Self.undeletes(settled).isEmpty)
        #expect(model.notices.alerts.isEmpty)
        #expect(model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(!OfflineTests.line(model, with: "Contact 0000").hasPrefix("↺"))
    }

    /// `deletedOne`, then offline: a refresh that finds the org unreachable.
    static func offlineAfterDelete() throws -> (ContactListModel, [ContactListEffect]) {
        var model = try Self.deletedOne()
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        let effects = model.handle(response: OfflineTests.refused, for: refresh.id)
        #expect(model.offline.isOffline)
        return (model, effects)
    }

    @Test("U while offline: nothing is sent, the entry is written as queued, the row back marked ↺; x discards it")
    func offlineUndoQueuesAndDiscards() throws {
        var (model, _) = try Self.offlineAfterDelete()
        let effects = model.handle(key: .character("U"))
        #expect(Fixtures.sentRequests(effects).isEmpty)
        let queued = OfflineTests.queued(effects)
        #expect(queued.map(\.kind) == [.undelete])
        #expect(queued.map(\.state) == [.queued])
        #expect(queued.map(\.record.id) == [Fixtures.id(0)])
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("↺"))
        #expect(model.notices.statusMessage.hasPrefix("Queued the restore of Contact 0000 (offline"))
        // d on it waits for its restore.
        for _ in 0..<5 where model.selectedRecord?.id != Fixtures.id(0) { _ = model.handle(key: .up) }
        #expect(OfflineTests.queued(model.handle(key: .character("d"))).isEmpty)
        #expect(model.notices.statusMessage.contains("restore is queued"))
        let discarded = model.handle(key: .character("x"))
        #expect(OfflineTests.forgotten(discarded) == queued.map(\.requestID))
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(0)))
        #expect(model.offline.entries.isEmpty)
        // U can take it back again.
        #expect(OfflineTests.queued(model.handle(key: .character("U"))).map(\.kind) == [.undelete])
    }

    @Test("a queued undelete survives a restart: shown marked ↺, nothing sent, then one SOAP call when the org answers")
    func resumedUndeleteSyncsOnce() throws {
        var (model, _) = try Self.offlineAfterDelete()
        let queued = OfflineTests.queued(model.handle(key: .character("U")))
        var restarted = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        restarted.visibleRowCount = 10
        restarted.journalsChanges = true
        let resumed = restarted.resumeQueuedChanges(queued)
        #expect(Fixtures.sentRequests(resumed).isEmpty)
        #expect(OfflineTests.queued(resumed).map(\.kind) == [.undelete])
        let page = try #require(Fixtures.sentRequests(restarted.start()).first)
        let others = [1, 2].map(OfflineTests.cached)
        let synced = restarted.handle(response: Fixtures.page(others), for: page.id)
        let sent = Self.undeletes(synced)
        #expect(sent.map(Fixtures.undeleteIDs) == [[Fixtures.id(0)]])
        #expect(restarted.dataRows.contains { $0.id == Fixtures.id(0) })
    }

    @Test("in the Recycle Bin, U against an unreachable org: the rows come back marked ↺, then leave once restored")
    func recycleBinQueues() throws {
        var model = try RecycleBinTests.bin(count: 3)
        model.journalsChanges = true
        model.keepsRows = true
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(2)])
        let effects = model.handle(response: OfflineTests.refused, for: undo.id)
        #expect(model.offline.isOffline)
        #expect(model.notices.alerts.isEmpty)
        #expect(OfflineTests.queued(effects).map(\.kind) == [.undelete, .undelete])
        #expect(Set(model.dataRows.map(\.id)) == Set((0..<3).map(Fixtures.id)))
        #expect(model.viewport.marks.isEmpty)
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("↺"))
        #expect(OfflineTests.line(model, with: "Contact 0001").hasPrefix("↺"))
        let sent = Self.undeletes(try OfflineTests.comeOnline(&model, effects))
        #expect(sent.map { Set(Fixtures.undeleteIDs($0)) } == [[Fixtures.id(0), Fixtures.id(1)]])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(2)])
    }

    @Test("x on a queued undelete in the Recycle Bin: the row stays, a row of the bin, and is not dropped as deleted")
    func recycleBinDiscard() throws {
        var model = try RecycleBinTests.bin(count: 3)
        model.journalsChanges = true
        model.keepsRows = true
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        _ = model.handle(response: OfflineTests.refused, for: undo.id)
        // The restored row comes back on top; the selection stayed on its neighbour.
        for _ in 0..<3 where model.selectedRecord?.id != Fixtures.id(0) { _ = model.handle(key: .up) }
        let selected = try #require(model.selectedRecord)
        #expect(selected.id == Fixtures.id(0))
        #expect(OfflineTests.line(model, with: selected.displayName).hasPrefix("↺"))
        let discarded = model.handle(key: .character("x"))
        #expect(OfflineTests.forgotten(discarded).count == 1)
        #expect(model.offline.entries.isEmpty)
        #expect(model.dataRows.contains { $0.id == selected.id })
        #expect(!model.confirmedDeletedIDs.contains(selected.id))
        #expect(!OfflineTests.line(model, with: selected.displayName).hasPrefix("↺"))
    }

    /// The names of `names` in the order the screen shows them.
    static func shownOrder(_ model: ContactListModel, of names: [String]) -> [String] {
        let lines = OfflineTests.screen(model).split(separator: "\n")
        func position(_ name: String) -> Int { lines.firstIndex { $0.contains(name) } ?? .max }
        return names.sorted { position($0) < position($1) }
    }

    /// Whether the undelete of `U` in the Recycle Bin never reaches the org (else the org refuses it).
    @Test(
        "in the Recycle Bin, rows whose restore did not happen come back on top in the bin's order, queued or refused",
        arguments: [true, false])
    func recycleBinPutBackKeepsOrder(unreachable: Bool) throws {
        var model = try RecycleBinTests.bin(count: 5)
        model.journalsChanges = true
        model.keepsRows = true
        let names = (0..<5).map { "Contact 000\($0)" }
        Fixtures.mark([1, 3], in: &model)
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        #expect(Self.shownOrder(model, of: names).prefix(3) == ["Contact 0000", "Contact 0002", "Contact 0004"])
        #expect(model.run.totalSize == 3)
        let answer =
            unreachable
            ? OfflineTests.refused
            : Fixtures.undeleteResults(ids: Fixtures.undeleteIDs(undo)) { _ in ("UNDELETE_FAILED", "purged") }
        _ = model.handle(response: answer, for: undo.id)
        #expect(
            model.notices.statusMessage
                == (unreachable
                    ? "Queued 2 contacts to restore: the org cannot be reached; sent when it answers (x takes one back)"
                    : "2 contacts were not restored"))
        #expect(model.notices.alerts.count == (unreachable ? 0 : 1))
        // The refusal's alert names them; Enter takes it away from over the rows.
        if !unreachable { _ = model.handle(key: .enter) }
        // Both are still in the bin: back on top, in the bin's order, the queued ones marked ↺.
        #expect(
            Self.shownOrder(model, of: names)
                == ["Contact 0001", "Contact 0003", "Contact 0000", "Contact 0002", "Contact 0004"])
        #expect(OfflineTests.line(model, with: "Contact 0003").hasPrefix("↺") == unreachable)
        #expect(model.run.totalSize == 5)
    }

    @Test("a U that cannot reach the org is counted once, when it is sent, not also when it queued")
    func unsentUndeleteCountsOnce() throws {
        var model = try Self.deletedOne()
        let before = model.run.totalSize
        let undo = try #require(Self.undeletes(model.handle(key: .character("U"))).first)
        #expect(model.run.totalSize == before + 1)
        let effects = model.handle(response: OfflineTests.refused, for: undo.id)
        #expect(model.run.totalSize == before)
        #expect(Self.undeletes(try OfflineTests.comeOnline(&model, effects)).count == 1)
        #expect(model.run.totalSize == before + 1)
    }
}
