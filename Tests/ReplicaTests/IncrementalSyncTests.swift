import ContactList
import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

@testable import Replica

/// The sync down against the mock org: a first load replicates the whole list; after changes
/// made by another client (creates, updates, rows that stop matching, deletes), a start from the
/// replica shows its rows at once and syncs by a few requests, and the list then equals a fresh
/// load row for row. An old replica (outside the org's window of deletes) and a LIMIT query are
/// synced by reading every id again.
@Suite("Syncing a whole list from the replica", .serialized)
struct IncrementalSyncTests {
    static let query = "SELECT Id, Name, Title, Email, Account.Name FROM Contact WHERE Title != 'Gone' ORDER BY Name"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A runner for `query` keeping its rows in `replica`.
    private func runner(_ org: LiveOrg, _ replica: ReplicaStore, query: String) -> ModelRunner {
        var runner = ModelRunner(
            model: ContactListModel(query: query, batchSize: 200, origin: "test", requests: org.client),
            client: org.client, replica: replica)
        runner.setVisibleRows(20)
        return runner
    }

    /// The rows as shown: id, type, name and each column's text.
    private func shown(_ model: ContactListModel) -> [[String]] {
        model.dataRows.map { [$0.id, $0.objectType, $0.displayName] + $0.values }
    }

    private func header(_ model: ContactListModel) -> String {
        String(ContactListScreen(model: model).frame(width: 160, height: 12).text.split(separator: "\n")[0])
    }

    /// The first load of `query`, kept whole in a new replica.
    private func firstLoad(_ org: LiveOrg, query: String) async throws -> (ReplicaStore, ModelRunner) {
        let replica = try #require(ReplicaStore.open(at: folder.file()).store)
        var first = runner(org, replica, query: query)
        first.start()
        #expect(await first.settle())
        return (replica, first)
    }

    /// What a fresh load of the whole query shows (a model with a replica of its own pages it all).
    private func freshLoad(_ org: LiveOrg, query: String) async throws -> [[String]] {
        let replica = try #require(ReplicaStore.open(at: folder.file("fresh-\(UUID().uuidString).sqlite")).store)
        var fresh = runner(org, replica, query: query)
        fresh.start()
        #expect(await fresh.settle())
        return shown(fresh.model)
    }

    /// Changes made by another client: `created` new contacts, renames, Titles that make rows stop
    /// matching, and deletes (of contacts without Cases, which the org refuses to delete).
    private func change(
        _ org: LiveOrg, rows: [ContactRecord], created: Int, renamed: Int, leaving: Int, deleted: Int
    ) async throws {
        let client = org.client
        for index in 0..<created {
            let names = ["aaron", "Zoë", "Émile", "mmm", "__under", "Ω"]
            _ = try await client.send(
                client.requestForCreate(
                    withObjectType: "Contact",
                    fields: ["LastName": .string("\(names[index % names.count]) \(index)"), "Title": .string("New")],
                    apiVersion: nil))
        }
        var random = SeededGenerator(seed: 26)
        var candidates = rows.filter(\.isRecord).shuffled(using: &random)[...]
        func next() -> ContactRecord? { candidates.popFirst() }
        for index in 0..<renamed {
            guard let record = next() else { break }
            let name: JSONValue = index.isMultiple(of: 2) ? .string("Renamed \(index)") : .string("a\(index)")
            _ = try await client.send(
                client.requestForUpdate(
                    withObjectType: "Contact", objectId: record.id, fields: ["LastName": name], apiVersion: nil))
        }
        for _ in 0..<leaving {
            guard let record = next() else { break }
            _ = try await client.send(
                client.requestForUpdate(
                    withObjectType: "Contact", objectId: record.id, fields: ["Title": .string("Gone")], apiVersion: nil)
            )
        }
        var deletes = 0
        while deletes < deleted, let record = next() {
            do {
                _ = try await client.send(
                    client.requestForDelete(withObjectType: "Contact", objectId: record.id, apiVersion: nil))
                deletes += 1
            } catch {
                continue  // a contact with Cases
            }
        }
        #expect(deletes == deleted)
    }

    @Test("creates, updates, rows that stop matching and deletes: three requests, then a fresh load's rows")
    func deltaSync() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 450)) { org in
            let (replica, first) = try await firstLoad(org, query: Self.query)
            #expect(first.model.dataRows.count == 450, "every page loads in the background")
            #expect(first.exchanges.count == 3, "three pages of 200")
            #expect(header(first.model).contains("· synced"), "\(header(first.model))")
            #expect(try replica.replicatedList(of: Self.query)?.isComplete == true)

            try await change(org, rows: first.model.dataRows, created: 5, renamed: 6, leaving: 3, deleted: 4)

            var second = runner(org, replica, query: Self.query)
            try second.showCachedRows(age: "1 h ago")
            #expect(second.exchanges.isEmpty)
            #expect(shown(second.model) == shown(first.model), "the replica's rows, before any answer")
            #expect(header(second.model).contains("cached 1 h ago · syncing…"))
            for _ in 0..<7 { second.press(.character("j")) }
            second.press(.character(" "))
            let marked = try #require(second.model.viewport.marks.keys.first)
            let selected = second.model.selectedRecord?.id
            second.start()
            #expect(await second.settle())
            let paths = second.exchanges.map { $0.request.path }
            #expect(second.exchanges.count == 3, "\(paths)")
            #expect(paths.contains { $0.hasSuffix("/sobjects/Contact/deleted/") })
            #expect(header(second.model).contains("· synced"), "\(header(second.model))")
            #expect(StatusLine(model: second.model).text == " 448 of 448 loaded · 1 marked", "nothing is loading")
            let fresh = try await freshLoad(org, query: Self.query)
            #expect(fresh.count == 450 + 5 - 3 - 4)
            #expect(shown(second.model) == fresh)
            #expect(second.model.viewport.marks.keys.contains(marked))
            // The selected (and marked) row is one the other client left alone: it stays selected.
            #expect(second.model.dataRows.contains { $0.id == selected })
            #expect(second.model.selectedRecord?.id == selected)
            // The replica got the same changes: a third start shows the fresh load at once.
            var third = runner(org, replica, query: Self.query)
            try third.showCachedRows(age: "just now")
            #expect(shown(third.model) == fresh)
            third.start()
            #expect(await third.settle())
            #expect(shown(third.model) == fresh, "nothing changed: nothing moves")
        }
    }

    @Test("a start shows a screenful of the replica first, then the rest after it, and syncs by what changed")
    func screenfulFirst() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 450)) { org in
            let (replica, first) = try await firstLoad(org, query: Self.query)
            try await change(org, rows: first.model.dataRows, created: 2, renamed: 2, leaving: 1, deleted: 1)
            var second = runner(org, replica, query: Self.query)
            var screenful: [[String]] = []
            second.showCachedRows(screenful: 100) { screenful = shown($0) }
            #expect(screenful == Array(shown(first.model).prefix(100)), "the first 100 rows, before the rest")
            #expect(shown(second.model) == shown(first.model), "then every row, in order")
            #expect(second.exchanges.isEmpty)
            second.start()
            #expect(await second.settle())
            #expect(second.exchanges.count == 3, "the sync's three requests, not a load of every page")
            #expect(shown(second.model) == (try await freshLoad(org, query: Self.query)))

            // r syncs again from where that sync left the list: three requests again.
            try await change(org, rows: second.model.dataRows, created: 1, renamed: 1, leaving: 1, deleted: 1)
            second.press(.character("r"))
            #expect(await second.settle())
            #expect(second.exchanges.count == 6, "\(second.exchanges.map(\.request.path))")
            #expect(shown(second.model) == (try await freshLoad(org, query: Self.query)))
            #expect(header(second.model).contains("· synced"))
            var third = runner(org, replica, query: Self.query)
            try third.showCachedRows(age: "just now")
            #expect(shown(third.model) == shown(second.model), "the replica took the same changes")
        }
    }

    @Test("a replica older than the org keeps deletes is synced by reading every id again")
    func oldReplicaResyncs() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 300)) { org in
            let (replica, first) = try await firstLoad(org, query: Self.query)
            let list = ListKey(query: Self.query)
            var state = try #require(try replica.syncState(of: list))
            state.syncedAt = Date().addingTimeInterval(-20 * 86400)
            try replica.setSyncState(state)

            try await change(org, rows: first.model.dataRows, created: 3, renamed: 4, leaving: 2, deleted: 3)

            var second = runner(org, replica, query: Self.query)
            try second.showCachedRows(age: "20 d ago")
            second.start()
            #expect(await second.settle())
            let queries = second.exchanges.compactMap { $0.request.queryItems.first { $0.name == "q" }?.value }
            #expect(queries.contains { $0.hasPrefix("SELECT Id, SystemModstamp FROM Contact") }, "\(queries)")
            #expect(shown(second.model) == (try await freshLoad(org, query: Self.query)))
            #expect(header(second.model).contains("· synced"))
            #expect(try replica.syncState(of: list)?.syncedAt ?? .distantPast > Date().addingTimeInterval(-3600))
        }
    }

    @Test("a LIMIT query is synced by reading every id: rows that enter its window come, those pushed out go")
    func limitQueryResyncs() async throws {
        let query = "SELECT Id, Name, Title FROM Contact WHERE Title != 'Gone' ORDER BY Name LIMIT 250"
        try await LiveOrg.with(MockOrgConfiguration(contacts: 300)) { org in
            let (replica, first) = try await firstLoad(org, query: query)
            #expect(first.model.dataRows.count == 250)

            try await change(org, rows: first.model.dataRows, created: 4, renamed: 4, leaving: 3, deleted: 3)

            var second = runner(org, replica, query: query)
            try second.showCachedRows(age: "5 min ago")
            second.start()
            #expect(await second.settle())
            let queries = second.exchanges.compactMap { $0.request.queryItems.first { $0.name == "q" }?.value }
            #expect(queries.first?.hasPrefix("SELECT Id, SystemModstamp FROM Contact") == true, "\(queries)")
            #expect(!second.exchanges.contains { $0.request.path.hasSuffix("/deleted/") })
            let fresh = try await freshLoad(org, query: query)
            #expect(fresh.count == 250)
            #expect(shown(second.model) == fresh)
        }
    }

    /// Performs `effects` one at a time, as a runner would but in order (`driveEffects`).
    @discardableResult
    private func drive(
        _ model: inout ContactListModel, _ effects: [ContactListEffect], _ org: LiveOrg, _ replica: ReplicaStore?,
        limit: Int = .max, holding held: (RestRequest) -> Bool = { _ in false }
    ) async throws -> [ContactListEffect] {
        try await driveEffects(&model, effects, org, replica, limit: limit, holding: held)
    }

    @Test("a replicated list pages on by itself, the header counting; / asks the org only until it is whole")
    func pagesOnWithProgress() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 450)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
            model.keepsRows = true
            model.visibleRowCount = 20
            let effects = try await drive(&model, model.start(), org, replica, limit: 1)
            #expect(header(model).contains("· syncing 200 / 450 [████░░░░░░]"), "\(header(model))")
            let next = effects.compactMap { effect -> String? in
                if case .send(let request) = effect { return request.path }
                return nil
            }
            #expect(next.count == 2, "the first page, then the next one with no key pressed: \(next)")
            #expect(try replica.replicatedList(of: Self.query)?.isComplete == false)
            var typed: [ContactListEffect] = []
            for key in ["/", "z", "z", "z"] { typed += model.handle(key: .character(Character(key))) }
            #expect(typed.contains { if case .sendAfter = $0 { true } else { false } }, "the org is searched")
            _ = model.handle(key: .escape)
            _ = model.handle(key: .escape)

            var whole = runner(org, replica, query: Self.query)
            whole.start()
            #expect(await whole.settle())
            #expect(header(whole.model).contains("· synced"))
            let before = whole.exchanges.count
            for key in ["/", "z", "z", "z"] { whole.press(.character(Character(key))) }
            #expect(await whole.settle())
            #expect(whole.exchanges.count == before, "a whole list is searched at hand")
        }
    }

    @Test("kept rows dropped while their sync runs: the list loads in full instead, nothing of the sync applied")
    func droppedDuringSync() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 250)) { org in
            let (replica, first) = try await firstLoad(org, query: Self.query)
            try await change(org, rows: first.model.dataRows, created: 2, renamed: 2, leaving: 1, deleted: 1)
            var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
            model.keepsRows = true
            model.visibleRowCount = 20
            let kept = try #require(try replica.replicatedList(of: Self.query))
            model.showCachedRows(kept, age: "1 min ago")
            let sync = model.start()
            #expect(sync.count == 3)
            model.keepsRows = false
            let load = model.dropCachedRows()
            #expect(model.dataRows.isEmpty)
            try await drive(&model, sync + load, org, nil)
            #expect(shown(model) == (try await freshLoad(org, query: Self.query)).prefix(200).map { $0 })
            #expect(!header(model).contains("cached"))
        }
    }

    @Test("a row whose edit is in flight stays while the org deleted it; the sync shows the edit on a changed row")
    func rowWithChangeInFlightStays() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 120)) { org in
            let (replica, first) = try await firstLoad(org, query: Self.query)
            var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
            model.keepsRows = true
            model.visibleRowCount = 20
            model.showCachedRows(try #require(try replica.replicatedList(of: Self.query)), age: "1 min ago")
            // The third row's Title is edited; its PATCH is held (in flight) through the sync.
            _ = model.handle(key: .character("j"))
            _ = model.handle(key: .character("j"))
            _ = model.handle(key: .character("l"))
            let edited = try #require(model.selectedRecord)
            let isPatch = { (request: RestRequest) in request.method == .PATCH }
            try await drive(&model, model.handle(key: .character("e")), org, replica, holding: isPatch)
            #expect(model.fieldEditor != nil)
            _ = model.handle(key: .control("u"))
            for character in "Held" { _ = model.handle(key: .character(character)) }
            let save = model.handle(key: .enter)
            #expect(model.updateRequests.count == 1)
            // Meanwhile another client deletes the edited record and renames another one.
            _ = try await org.client.send(
                org.client.requestForDelete(withObjectType: "Contact", objectId: edited.id, apiVersion: nil))
            let renamed = try #require(first.model.dataRows.last { $0.id != edited.id })
            _ = try await org.client.send(
                org.client.requestForUpdate(
                    withObjectType: "Contact", objectId: renamed.id, fields: ["LastName": .string("aaa first")],
                    apiVersion: nil))
            try await drive(&model, save + model.start(), org, replica, holding: isPatch)
            #expect(header(model).contains("· synced"), "\(header(model))")
            #expect(model.updateRequests.count == 1, "the edit is still in flight")
            #expect(model.dataRows.contains { $0.id == edited.id && $0.values[1] == "Held" }, "its row stays")
            #expect(
                shown(model).filter { $0[0] != edited.id } == (try await freshLoad(org, query: Self.query)),
                "the renamed row moved to its place; the rest is a fresh load's")
            #expect(try replica.rows(of: ListKey(query: Self.query)).contains { $0.id == edited.id } == false)
        }
    }
}
