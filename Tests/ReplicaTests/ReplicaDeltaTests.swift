import ContactList
import Foundation
import RestCore
import TestSupport
import Testing

@testable import Replica

/// The replica's side of whole-list replication and incremental sync: pages kept from their
/// positions, the last one making the list whole, and a sync's delta placing rows between others.
@Suite("ReplicaStore: whole lists and a sync's delta")
struct ReplicaDeltaTests {
    static let query = "SELECT Id, Name FROM Contact ORDER BY Name"
    let folder: TemporaryFolder
    let store: ReplicaStore
    var list: ListKey { ListKey(query: Self.query) }

    init() throws {
        folder = try TemporaryFolder()
        store = try #require(ReplicaStore.open(at: folder.file()).store)
    }

    private static func record(_ id: String, stamp: String = "2026-11-26T10:00:00.000+0000") -> JSONValue {
        .object([
            "attributes": .object(["type": .string("Contact")]), "Id": .string(id), "Name": .string(id.uppercased()),
            "SystemModstamp": .string(stamp), "LastModifiedDate": .string(stamp),
        ])
    }

    private func keep(_ ids: [String], from position: Int, last: Bool, stamps: [String: String] = [:]) throws {
        let records = ids.map { Self.record($0, stamp: stamps[$0] ?? "2026-11-26T10:00:00.000+0000") }
        let effect = ContactListEffect.keepRows(
            KeptRows(
                query: Self.query, change: .page(records: records, firstPosition: position, completesList: last)))
        #expect(try store.perform(effect, now: Date(timeIntervalSince1970: 100)))
    }

    @Test("pages kept from their positions make the list whole at the last, with its latest stamp")
    func pagesMakeTheListWhole() throws {
        try keep(["a", "b"], from: 0, last: false, stamps: ["b": "2026-11-26T11:00:00.000+0000"])
        #expect(try store.replicatedList(of: Self.query)?.isComplete == false)
        try keep(["c"], from: 2, last: true, stamps: ["c": "2026-11-26T10:30:00.000+0000"])
        let whole = try #require(try store.replicatedList(of: Self.query))
        #expect(whole.isComplete)
        #expect(whole.lastSystemModstamp == "2026-11-26T11:00:00.000+0000")
        #expect(whole.syncedAt == Date(timeIntervalSince1970: 100))
        #expect(whole.rows.map(\.record.id) == ["a", "b", "c"])
        #expect(whole.rows[0].record.lastModifiedDate == "2026-11-26T10:00:00.000+0000")
        // A new load's first page starts the list afresh, not whole until its last page.
        try keep(["z"], from: 0, last: false)
        #expect(try store.replicatedList(of: Self.query)?.isComplete == false)
        #expect(try store.rows(of: list).map(\.id) == ["z"])
    }

    @Test("a delta removes rows, places rows after the row named (first when none), and records the sync")
    func deltaPlacesRows() throws {
        try keep(["a", "c", "e"], from: 0, last: true)
        let delta = ReplicaDelta(
            placed: [
                .init(record: Self.record("0"), after: nil), .init(record: Self.record("b"), after: "a"),
                .init(record: Self.record("e", stamp: "2026-11-27T00:00:00.000+0000"), after: "0"),
                .init(record: Self.record("f"), after: "c"),
            ],
            removedIDs: ["a"], lastSystemModstamp: "2026-11-27T00:00:00.000+0000",
            syncedAt: Date(timeIntervalSince1970: 500))
        try store.apply(delta, to: list)
        // "a" left before "b" was placed: its row gone, "b" goes first; "e" moved after "0".
        #expect(try store.rows(of: list).map(\.id) == ["b", "0", "e", "c", "f"])
        #expect(
            try store.replicatedList(of: Self.query)?.rows.map(\.record.id) == ["b", "0", "e", "c", "f"])
        #expect(try store.rows(of: list)[2].systemModstamp == "2026-11-27T00:00:00.000+0000")
        let state = try #require(try store.syncState(of: list))
        #expect(
            state
                == ListSyncState(
                    list: list, lastSystemModstamp: "2026-11-27T00:00:00.000+0000",
                    syncedAt: Date(timeIntervalSince1970: 500), isComplete: true))
    }

    @Test("rows placed again and again between the same two rows renumber the list, keeping its order")
    func placingRenumbers() throws {
        try keep(["a", "z"], from: 0, last: true)
        var expected = ["a"]
        var after = "a"
        // Each halves the gap before "z": eleven of them use up the 1,024 between two rows.
        for index in 0..<14 {
            let id = "m\(String(format: "%02d", index))"
            try store.apply(
                ReplicaDelta(
                    placed: [.init(record: Self.record(id), after: after)], removedIDs: [], lastSystemModstamp: nil,
                    syncedAt: Date()), to: list)
            expected.append(id)
            after = id
        }
        expected.append("z")
        #expect(try store.rows(of: list).map(\.id) == expected)
        let positions = try store.rows(of: list).map(\.position)
        #expect(positions == positions.sorted() && Set(positions).count == positions.count)
    }

    @Test("a row synced again and again in place keeps its gap: no other row moves")
    func placingInPlaceKeepsTheGap() throws {
        try keep(["a", "m", "z"], from: 0, last: true)
        let before = try store.rows(of: list).map(\.position)
        for round in 0..<14 {
            let stamp = String(format: "2026-11-27T00:00:%02d.000+0000", round)
            try store.apply(
                ReplicaDelta(
                    placed: [.init(record: Self.record("m", stamp: stamp), after: "a")], removedIDs: [],
                    lastSystemModstamp: stamp, syncedAt: Date()), to: list)
        }
        let rows = try store.rows(of: list)
        #expect(rows.map(\.id) == ["a", "m", "z"])
        #expect(rows.map(\.position) == before, "m was placed where it was, and nothing was renumbered")
        #expect(rows[1].systemModstamp == "2026-11-27T00:00:13.000+0000")
    }
}
