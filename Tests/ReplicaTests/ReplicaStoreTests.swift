import Foundation
import RestCore
import TestSupport
import Testing

@testable import Replica

@Suite("ReplicaStore: the rows of each list and their sync state")
struct ReplicaStoreTests {
    let folder: TemporaryFolder
    let store: ReplicaStore
    let list = ListKey(query: "SELECT Id, Name FROM Contact ORDER BY Name")

    init() throws {
        folder = try TemporaryFolder()
        store = try #require(ReplicaStore.open(at: folder.file()).store)
    }

    @Test("every JSON field type comes back as it was written")
    func fieldTypesRoundTrip() throws {
        let fields: [String: JSONValue] = [
            "Id": .string("003000000000001AAA"),
            "Name": .string("Zoë 山田 👩🏽‍💻 \u{202E}right-to-left"),
            "Empty": .string(""),
            "Quote": .string("it's \"quoted\" \\ back/slash\n"),
            "Count": .number(42),
            "Amount": .number(-1234.5678),
            "Tiny": .number(1e-7),
            "Huge": .number(9_007_199_254_740_991),
            "DoNotCall": .bool(true),
            "HasOptedOut": .bool(false),
            "Phone": .null,
            "Account": .object(["Name": .string("Acme"), "Owner": .object(["Alias": .string("jdoe")])]),
            "MailingAddress": .object([
                "street": .string("1 Main St"), "city": .string("Springfield"), "latitude": .number(12.5),
                "country": .null,
            ]),
            "Tags": .array([.string("a"), .number(1), .bool(true), .null]),
        ]
        let row = ReplicaRow(
            id: "003000000000001AAA", fields: fields, lastModifiedDate: "2026-11-26T10:00:00.000+0000",
            systemModstamp: "2026-11-26T10:00:01.000+0000", position: 0)
        try store.replaceRows(of: list, with: [row], syncedAt: Date(timeIntervalSince1970: 1_795_000_000.25))
        #expect(try store.rows(of: list) == [row])
    }

    @Test("a full load replaces the list's rows in order and records its sync")
    func replaceRowsKeepsOrder() throws {
        try store.replaceRows(of: list, with: rows(["b", "a", "c"]), syncedAt: Date(timeIntervalSince1970: 10))
        try store.replaceRows(of: list, with: rows(["c", "a"]), syncedAt: Date(timeIntervalSince1970: 20))
        #expect(try store.rows(of: list).map(\.id) == ["c", "a"])
        let state = try #require(try store.syncState(of: list))
        #expect(state.syncedAt == Date(timeIntervalSince1970: 20))
        #expect(state.lastSystemModstamp == "2026-11-26T10:00:0c.000+0000")
    }

    @Test("lists keep their rows apart; upsert replaces by id; removals take only what they name")
    func listsAreApart() throws {
        let other = ListKey(query: "SELECT Id FROM Account")
        try store.replaceRows(of: list, with: rows(["a", "b"]), syncedAt: Date())
        try store.replaceRows(of: other, with: rows(["a"]), syncedAt: Date())
        var changed = rows(["b"])[0]
        changed.fields["Name"] = .string("B changed")
        changed.position = 5
        var added = rows(["z"])[0]
        added.position = 1
        try store.upsert([changed, added], in: list)
        #expect(try store.rows(of: list).map(\.id) == ["a", "z", "b"])
        #expect(try store.rows(of: list).last?.fields["Name"] == .string("B changed"))
        try store.removeRows(ids: ["a"], from: list)
        #expect(try store.rows(of: list).map(\.id) == ["z", "b"])
        #expect(try store.rows(of: list).map(\.position) == [1, 5])
        #expect(try store.rows(of: other).map(\.id) == ["a"])
        try store.removeList(other)
        #expect(try store.rows(of: other) == [])
        #expect(try store.syncState(of: other) == nil)
    }

    @Test("the sync state is written and read back, nil before any sync")
    func syncStateRoundTrips() throws {
        #expect(try store.syncState(of: list) == nil)
        let state = ListSyncState(
            list: list, lastSystemModstamp: "2026-11-26T10:00:00.000+0000",
            syncedAt: Date(timeIntervalSince1970: 1_795_000_123.5))
        try store.setSyncState(state)
        #expect(try store.syncState(of: list) == state)
        try store.setSyncState(ListSyncState(list: list, lastSystemModstamp: nil, syncedAt: state.syncedAt))
        #expect(try store.syncState(of: list)?.lastSystemModstamp == nil)
    }

    @Test("the summary counts lists and rows and names the latest sync")
    func summaryCounts() throws {
        #expect(try store.summary() == ReplicaSummary(lists: 0, rows: 0, lastSync: nil))
        try store.replaceRows(of: list, with: rows(["a", "b"]), syncedAt: Date(timeIntervalSince1970: 5))
        try store.replaceRows(
            of: ListKey(query: "SELECT Id FROM Lead"), with: rows(["x"]), syncedAt: Date(timeIntervalSince1970: 9))
        #expect(try store.summary() == ReplicaSummary(lists: 2, rows: 3, lastSync: Date(timeIntervalSince1970: 9)))
    }

    @Test("a query result's record becomes a row: its Id and dates read, its attributes left out")
    func rowFromRecord() throws {
        let record: JSONValue = .object([
            "attributes": .object(["type": .string("Contact")]), "Id": .string("003A"),
            "LastModifiedDate": .string("2026-01-01T00:00:00.000+0000"),
            "SystemModstamp": .string("2026-01-02T00:00:00.000+0000"), "Name": .string("Ann"),
        ])
        let row = try #require(ReplicaRow(record: record, position: 3))
        #expect(row.id == "003A")
        #expect(row.fields["attributes"] == nil)
        #expect(row.fields["Name"] == .string("Ann"))
        #expect(row.lastModifiedDate == "2026-01-01T00:00:00.000+0000")
        #expect(row.systemModstamp == "2026-01-02T00:00:00.000+0000")
        #expect(row.position == 3)
        #expect(ReplicaRow(record: .object(["Name": .string("no id")]), position: 0) == nil)
    }

    @Test("a list key folds keywords' case and spaces, never a string literal's")
    func listKeyNormalises() {
        #expect(
            ListKey(query: "  SELECT Id,  Name\n FROM Contact  ").text
                == ListKey(query: "select id, name from contact").text)
        #expect(ListKey(query: "SELECT Id FROM Contact WHERE Name = 'Smith  X'").text.contains("'Smith  X'"))
        #expect(
            ListKey(query: "SELECT Id FROM Contact WHERE Name = 'A'")
                != ListKey(query: "SELECT Id FROM Contact WHERE Name = 'a'"))
        #expect(ListKey(query: #"SELECT Id FROM Contact WHERE Name = 'it\'s  A'"#).text.hasSuffix(#"'it\'s  A'"#))
        #expect(ListKey(listViewID: "00B1", objectType: "Contact").text == "listview:contact:00B1")
    }

    /// Rows named by single letters, in order, their stamps ordered by letter.
    private func rows(_ ids: [String]) -> [ReplicaRow] {
        ids.enumerated().map { position, id in
            ReplicaRow(
                id: id, fields: ["Id": .string(id), "Name": .string(id.uppercased())],
                systemModstamp: "2026-11-26T10:00:0\(id).000+0000", position: position)
        }
    }
}
