import Foundation
import GRDB
import RestCore
import TestSupport
import Testing

@testable import ContactList
@testable import Replica

/// Rows kept ready for the list (`ReadyRowFormat`) beside their JSON: read back as the JSON reads,
/// and the JSON read instead whenever the ready bytes cannot be trusted (another format, a row
/// without them, a damaged one, a file from before them).
@Suite("ReplicaStore: rows kept ready for the list")
struct ReadyRowsTests {
    static let query = "SELECT Id, Name, Title FROM Contact ORDER BY Title DESC, Name"
    let folder: TemporaryFolder
    let store: ReplicaStore
    var list: ListKey { ListKey(query: Self.query) }
    var format: ReadyRowFormat { ReadyRowFormat(query: Self.query) }

    init() throws {
        folder = try TemporaryFolder()
        store = try #require(ReplicaStore.open(at: folder.file()).store)
    }

    private static func record(_ id: String, title: JSONValue = .null) -> JSONValue {
        .object([
            "attributes": .object(["type": .string("Contact")]), "Id": .string(id), "Name": .string("Name \(id)"),
            "Title": title, "SystemModstamp": .string("2026-11-26T10:00:00.000+0000"),
            "LastModifiedDate": .string("2026-11-26T10:00:00.000+0000"),
        ])
    }

    /// Keeps a page of `ids` as the model's effect does, in `format` (nil: JSON only).
    private func keep(_ ids: [String], from position: Int, last: Bool, format: ReadyRowFormat?) throws {
        let records = ids.enumerated().map { Self.record($1, title: $0 % 3 == 0 ? .null : .string("T\($0 % 4)")) }
        let kept = KeptRows(
            query: Self.query, change: .page(records: records, firstPosition: position, completesList: last),
            format: format)
        #expect(try store.perform(.keepRows(kept)))
    }

    /// The list as the JSON reads it: the ready bytes set aside.
    private func readFromJSON() throws -> [ReadyRow] {
        try store.pool.write { try $0.execute(sql: "UPDATE listSync SET readyFormat = NULL") }
        return try #require(try store.replicatedList(of: Self.query, format: format)).rows
    }

    private func same(_ a: [ReadyRow], _ b: [ReadyRow]) -> Bool {
        a.map(\.record) == b.map(\.record) && a.map(\.orderValues) == b.map(\.orderValues)
    }

    @Test("pages kept in the list's format read back from their bytes, in order, as their JSON reads")
    func readyRowsReadAsJSON() throws {
        let ids = (0..<50).map { String(format: "003%015d", ($0 * 37) % 50) }
        try keep(Array(ids[..<20]), from: 0, last: false, format: format)
        try keep(Array(ids[20...]), from: 20, last: true, format: format)
        #expect(try store.syncState(of: list)?.readyFormat == format.signature)
        let ready = try #require(try store.replicatedList(of: Self.query, format: format))
        #expect(ready.rows.map(\.record.id) == ids)
        #expect(ready.isComplete)
        let head = try #require(try store.replicatedList(of: Self.query, format: format, limit: 7))
        #expect(head.rows.map(\.record.id) == Array(ids[..<7]))
        #expect(!head.isComplete)
        #expect(same(ready.rows, try readFromJSON()))
    }

    @Test("a page kept in another format, or without one, sends the whole list back to its JSON")
    func mixedFormatsReadJSON() throws {
        try keep(["a", "b"], from: 0, last: false, format: format)
        try keep(["c"], from: 2, last: true, format: ReadyRowFormat(query: "SELECT Id, Name FROM Contact"))
        #expect(try store.syncState(of: list)?.readyFormat == nil)
        let rows = try #require(try store.replicatedList(of: Self.query, format: format)).rows
        #expect(rows.map(\.record.id) == ["a", "b", "c"])
        #expect(rows.allSatisfy { $0.record.values.count == 2 })

        try keep(["x"], from: 0, last: true, format: nil)
        #expect(try store.syncState(of: list)?.readyFormat == nil)
        try keep(["y"], from: 0, last: true, format: format)
        #expect(try store.syncState(of: list)?.readyFormat == format.signature)
        // A model of other columns reads the same rows from their JSON, in its own columns.
        let other = ReadyRowFormat(query: "SELECT Id, Title FROM Contact ORDER BY Title DESC, Name")
        #expect(try store.replicatedList(of: Self.query, format: other)?.rows.map(\.record.values) == [[""]])
    }

    @Test("a damaged row's bytes send the list back to its JSON, every row still shown")
    func damagedBytesReadJSON() throws {
        try keep(["a", "b", "c"], from: 0, last: true, format: format)
        try store.pool.write { try $0.execute(sql: "UPDATE readyRow SET ready = x'0501' WHERE id = 'b'") }
        let rows = try #require(try store.replicatedList(of: Self.query, format: format)).rows
        #expect(rows.map(\.record.id) == ["a", "b", "c"])
        #expect(rows[1].record.displayName == "Name b")
    }

    @Test(
        "rows deleted, replaced and renumbered keep their ready bytes row for row; one missing sends the list to its JSON"
    )
    func readyBytesFollowTheirRows() throws {
        try keep(["a", "z"], from: 0, last: true, format: format)
        // Every row placed right after "a" halves the gap before "z" until the list is renumbered.
        var placed: [String] = []
        for index in 0..<14 {
            let id = String(format: "b%02d", index)
            let delta = ReplicaDelta(
                placed: [.init(record: Self.record(id), after: "a")], removedIDs: [],
                lastSystemModstamp: nil, syncedAt: Date(timeIntervalSince1970: 9))
            try store.apply(delta, to: list, format: format)
            placed.insert(id, at: 0)
        }
        try store.removeRows(ids: ["b05"], from: list)
        placed.removeAll { $0 == "b05" }
        let expected = ["a"] + placed + ["z"]
        #expect(try store.rows(of: list).map(\.id) == expected)
        #expect(try store.replicatedList(of: Self.query, format: format)?.rows.map(\.record.id) == expected)
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM readyRow") } == expected.count)
        #expect(same(try #require(try store.replicatedList(of: Self.query, format: format)).rows, try readFromJSON()))

        // A new load replaces the list; a ready row gone missing since is noticed, and the JSON read.
        try keep(["c", "d"], from: 0, last: true, format: format)
        try store.pool.write { try $0.execute(sql: "DELETE FROM readyRow WHERE id = 'd'") }
        #expect(try store.syncState(of: list)?.readyFormat == format.signature)
        #expect(try store.replicatedList(of: Self.query, format: format)?.rows.map(\.record.id) == ["c", "d"])
    }

    @Test("a sync's delta keeps the list ready in the same format; without one the list reads its JSON")
    func deltaKeepsFormat() throws {
        try keep(["a", "c"], from: 0, last: true, format: format)
        let delta = ReplicaDelta(
            placed: [.init(record: Self.record("b", title: .string("T9")), after: "a")], removedIDs: ["c"],
            lastSystemModstamp: "2026-11-27T00:00:00.000+0000", syncedAt: Date(timeIntervalSince1970: 9))
        #expect(try store.perform(.keepRows(KeptRows(query: Self.query, change: .delta(delta), format: format))))
        #expect(try store.syncState(of: list)?.readyFormat == format.signature)
        let rows = try #require(try store.replicatedList(of: Self.query, format: format)).rows
        #expect(rows.map(\.record.id) == ["a", "b"])
        #expect(rows[1].orderValues == [.text("T9"), .text("Name b")])
        try store.apply(delta, to: list)
        #expect(try store.syncState(of: list)?.readyFormat == nil)
        #expect(try store.replicatedList(of: Self.query, format: format)?.rows.map(\.record.id) == ["a", "b"])
    }

    /// A client that only makes requests: the start below sends nothing.
    private static let client = RestClient(
        configuration: RestClientConfiguration(instanceURL: URL(string: "http://127.0.0.1:9")!, accessToken: "t"))

    /// A start from a list of `count` ready rows kept a page at a time: what the first frame
    /// showed, and the model after the rest.
    private func start(count: Int, damaging damaged: String? = nil) throws -> (first: [String], model: ContactListModel)
    {
        let ids = (0..<count).map { String(format: "003%015d", $0) }
        for first in stride(from: 0, to: count, by: 2000) {
            try keep(
                Array(ids[first..<min(first + 2000, count)]), from: first, last: first + 2000 >= count, format: format)
        }
        store.waitForSnapshots()
        if let damaged {
            try store.pool.write {
                try $0.execute(sql: "UPDATE readyRow SET ready = x'0501' WHERE id = ?", arguments: [damaged])
            }
        }
        var model = ContactListModel(query: Self.query, origin: "test", requests: Self.client)
        model.keepsRows = true
        var first: [String] = []
        store.showCachedRows(in: &model, screenful: 300) { first = $0.dataRows.map(\.id) }
        return (first, model)
    }

    @Test("a start shows a screenful, then the rest read a chunk at a time on another thread, in order, and syncs")
    func startReadsChunks() throws {
        let count = ReadyRowChunks.size * 2 + 123
        let (first, started) = try start(count: count)
        var model = started
        let kept = try store.rows(of: list).map(\.id)
        #expect(first == Array(kept.prefix(300)))
        #expect(model.dataRows.map(\.id) == kept)
        #expect(model.dataRows.count == count)
        let effects = model.start()
        let sent = effects.compactMap { if case .send(let request) = $0 { request.path } else { nil } }
        #expect(sent.contains { $0.hasSuffix("/sobjects/Contact/deleted/") }, "synced by what changed: \(sent)")
    }

    @Test("a damaged row met on the way: every row still shows, in order, read from the JSON")
    func startWithDamagedRow() throws {
        let count = ReadyRowChunks.size + 500
        let damaged = String(format: "003%015d", ReadyRowChunks.size + 17)
        let (_, model) = try start(count: count, damaging: damaged)
        #expect(model.dataRows.map(\.id) == (try store.rows(of: list).map(\.id)))
        #expect(model.dataRows.count == count)
    }

    // MARK: - Snapshots

    /// The snapshot of the list as kept: its parts' row counts and format.
    private func snapshotParts() throws -> [(rows: Int, format: String)] {
        try store.pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT rowCount, readyFormat FROM readySnapshot WHERE listKey = ? ORDER BY part",
                arguments: [list.text]
            ).map { ($0[0], $0[1]) }
        }
    }

    @Test("a whole list's snapshot is written after its last page, in parts, and a start reads it as its rows")
    func snapshotWrittenAndRead() throws {
        let count = ReadyRowChunks.size * 2 + 77
        let (_, model) = try start(count: count)
        let parts = try snapshotParts()
        #expect(parts.map(\.rows) == [ReadyRowChunks.size, ReadyRowChunks.size, 77])
        #expect(parts.allSatisfy { $0.format == format.signature })
        #expect(try store.snapshotSize(of: list, format: format)?.rows == count)
        #expect(try store.snapshotSize(of: list, format: format)?.parts == 3)
        let size = try #require(try store.snapshotSize(of: list, format: format))
        let read = try (0..<3).flatMap {
            try #require(try store.readSnapshotPart($0, of: size, list: list, format: format)).rows
        }
        #expect(same(read, try #require(try store.replicatedList(of: Self.query, format: format)).rows))
        #expect(model.dataRows.map(\.id) == (try store.rows(of: list).map(\.id)))
    }

    @Test("a list not whole, or a snapshot of another format, has none to read")
    func noSnapshot() throws {
        try keep(["003000000000000001", "003000000000000002"], from: 0, last: false, format: format)
        store.waitForSnapshots()
        #expect(try snapshotParts().isEmpty)
        try store.keepSnapshot(of: list)
        #expect(try snapshotParts().isEmpty, "a list not whole")
        try keep(["003000000000000003"], from: 2, last: true, format: format)
        store.waitForSnapshots()
        #expect(try snapshotParts().map(\.rows) == [3])
        let other = ReadyRowFormat(query: "SELECT Id, Name FROM Contact ORDER BY Name")
        #expect(try store.snapshotSize(of: list, format: other) == nil)
        // A row's ready bytes gone: the parts written so far are taken back, none is kept.
        try store.pool.write {
            try $0.execute(sql: "DELETE FROM readyRow WHERE id = ?", arguments: ["003000000000000002"])
            try $0.execute(sql: "DELETE FROM readySnapshot")
        }
        try store.keepSnapshot(of: list)
        #expect(try snapshotParts().isEmpty, "a row without its ready bytes")
    }

    @Test("any change to a list's rows drops its snapshot; its next sync writes it again")
    func changesDropSnapshot() throws {
        let ids = (0..<40).map { String(format: "003%015d", $0) }
        try keep(ids, from: 0, last: true, format: format)
        store.waitForSnapshots()
        #expect(try snapshotParts().map(\.rows) == [40])
        try store.removeRows(ids: [ids[3]], from: list)
        #expect(try snapshotParts().isEmpty, "a row removed")
        try store.keepSnapshot(of: list)
        #expect(try snapshotParts().map(\.rows) == [39])
        try store.pool.write {
            try $0.execute(sql: "UPDATE listRow SET position = position + 1 WHERE id = ?", arguments: [ids[5]])
        }
        #expect(try snapshotParts().isEmpty, "a row moved")
        try store.keepSnapshot(of: list)
        try store.upsert(
            [
                try #require(
                    ReplicaRow(record: Self.record(ids[6], title: .string("New")), position: 6 * 1024, format: format))
            ],
            in: list, readyFormat: format.signature)
        #expect(try snapshotParts().isEmpty, "a row changed")
        let delta = ReplicaDelta(
            placed: [], removedIDs: [ids[7]], lastSystemModstamp: "2026-11-27T10:00:00.000+0000", syncedAt: Date())
        #expect(try store.perform(.keepRows(KeptRows(query: Self.query, change: .delta(delta), format: format))))
        store.waitForSnapshots()
        #expect(try snapshotParts().map(\.rows) == [38], "written again after the sync")
    }

    @Test("a damaged snapshot: a start still shows every row, in order, read one by one")
    func damagedSnapshot() throws {
        let count = ReadyRowChunks.size + 300
        let ids = (0..<count).map { String(format: "003%015d", $0) }
        for first in stride(from: 0, to: count, by: 2000) {
            try keep(
                Array(ids[first..<min(first + 2000, count)]), from: first, last: first + 2000 >= count, format: format)
        }
        store.waitForSnapshots()
        try store.pool.write {
            try $0.execute(sql: "UPDATE readySnapshot SET bytes = x'0700000001' WHERE part = 1")
        }
        let size = try #require(try store.snapshotSize(of: list, format: format))
        #expect(try store.readSnapshotPart(0, of: size, list: list, format: format)?.rows.count == ReadyRowChunks.size)
        #expect(try store.readSnapshotPart(1, of: size, list: list, format: format) == nil)
        var model = ContactListModel(query: Self.query, origin: "test", requests: Self.client)
        model.keepsRows = true
        store.showCachedRows(in: &model, screenful: 300)
        #expect(model.dataRows.map(\.id) == (try store.rows(of: list).map(\.id)))
        #expect(model.dataRows.count == count)
    }

    @Test("a part of a snapshot written since (another process's sync) is not read as this one's")
    func generationsNeverMix() throws {
        let ids = (0..<40).map { String(format: "003%015d", $0) }
        try keep(ids, from: 0, last: true, format: format)
        store.waitForSnapshots()
        let first = try #require(try store.snapshotSize(of: list, format: format))
        #expect(try store.readSnapshotPart(0, of: first, list: list, format: format)?.rows.count == 40)
        try store.removeRows(ids: [ids[1]], from: list)
        try store.keepSnapshot(of: list)
        let second = try #require(try store.snapshotSize(of: list, format: format))
        #expect(second.generation != first.generation)
        #expect(try store.readSnapshotPart(0, of: first, list: list, format: format) == nil)
        #expect(try store.readSnapshotPart(0, of: second, list: list, format: format)?.rows.count == 39)
    }
}
