import ContactList
import Foundation
import MockOrg
import Replica
import RestCore
import TestSupport
import Testing

/// A start from the replica: the rows kept by the last load show at once with `cached AGE ·
/// syncing…`, then the org's first page replaces them and the header says `synced`.
@Suite("Starting from the local replica")
struct StartFromReplicaTests {
    static let query = "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    func header(_ model: ContactListModel) -> String {
        String(ContactListScreen(model: model).frame(width: 160, height: 12).text.split(separator: "\n")[0])
    }

    /// A runner that loaded the query once from `org`, its rows kept in `replica`.
    func loadedOnce(_ org: LiveOrg, keepingRowsIn replica: ReplicaStore) async -> ModelRunner {
        var runner = ModelRunner(
            model: ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client),
            client: org.client, replica: replica)
        runner.setVisibleRows(40)
        runner.start()
        #expect(await runner.settle())
        return runner
    }

    @Test("a load keeps its rows; the next start shows them before any answer, then the org's")
    func rowsShowAtOnceThenSync() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            let first = await loadedOnce(org, keepingRowsIn: replica)
            let loaded = first.model.dataRows
            #expect(loaded.count == 30)
            #expect(!header(first.model).contains("cached"))

            var second = ModelRunner(
                model: ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client),
                client: org.client, replica: replica)
            second.setVisibleRows(40)
            try second.showCachedRows(age: CachedRowsStatus.age(seconds: 7300))
            #expect(second.exchanges.isEmpty)
            let shown = { (records: [ContactRecord]) in
                records.map { [$0.id, $0.objectType, $0.displayName] + $0.values }
            }
            #expect(shown(second.model.dataRows) == shown(loaded))
            #expect(loaded.contains { !($0.values.last ?? "").isEmpty }, "some contacts have an account's name")
            #expect(header(second.model).contains(" · cached 2 h ago · syncing…"), "\(header(second.model))")
            #expect(
                StatusLine(model: second.model).text.hasPrefix(" \(loaded.count) cached"),
                "no org count is shown before the org answers")
            second.press(.character("j"))
            let selected = second.model.selectedRecord?.id
            second.start()
            #expect(await second.settle())
            #expect(second.model.dataRows.map(\.id) == loaded.map(\.id))
            #expect(second.model.selectedRecord?.id == selected)
            #expect(header(second.model).contains("· synced"), "\(header(second.model))")
            #expect(StatusLine(model: second.model).text.hasPrefix(" \(loaded.count) of \(loaded.count) loaded"))
        }
    }

    @Test("the cached rows carry each record's LastModifiedDate, the condition of a change made offline on them")
    func cachedRowsKeepLastModified() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 8)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            let first = await loadedOnce(org, keepingRowsIn: replica)
            var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
            let cached = try #require(try replica.cachedRecords(of: Self.query))
            model.showCachedRows(cached.records, age: CachedRowsStatus.age(seconds: 60))
            let dates = first.model.dataRows.map(\.lastModifiedDate)
            #expect(dates.allSatisfy { $0 != nil })
            #expect(model.dataRows.map(\.lastModifiedDate) == dates)
        }
    }

    @Test(
        "kept rows dropped before the org answers leave an empty list for the org's page; the org's rows are never dropped"
    )
    func droppedCachedRows() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 10)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            let first = await loadedOnce(org, keepingRowsIn: replica)
            let loaded = first.model.dataRows.map(\.id)
            var synced = first.model
            synced.dropCachedRows()
            #expect(synced.dataRows.map(\.id) == loaded, "the org's own rows stay")

            var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
            let cached = try #require(try replica.cachedRecords(of: Self.query))
            model.showCachedRows(cached.records, age: CachedRowsStatus.age(seconds: 60))
            #expect(model.dataRows.count == 10)
            model.dropCachedRows()
            #expect(model.dataRows.isEmpty)
            #expect(!header(model).contains("cached"), "\(header(model))")
            var second = ModelRunner(model: model, client: org.client, replica: replica)
            second.setVisibleRows(20)
            second.start()
            #expect(await second.settle())
            #expect(second.model.dataRows.map(\.id) == loaded)
            #expect(!header(second.model).contains("cached"), "\(header(second.model))")
        }
    }

    @Test("after a load and a delete, neither the replica nor the outbox holds the session's token")
    func noTokenIsWritten() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 12)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            let outbox = try #require(OutboxStore.open(at: folder.url.appendingPathComponent("state.sqlite")).store)
            var runner = ModelRunner(
                model: ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client),
                client: org.client, journal: OutboxJournal(store: outbox), replica: replica)
            runner.setVisibleRows(20)
            runner.start()
            #expect(await runner.settle())
            #expect(runner.delete(atShown: 1) != nil)
            #expect(await runner.settle())
            // The replica holds the load's rows, less the one deleted if the org confirmed it.
            #expect(try replica.summary().rows == 12 - runner.model.confirmedDeletedIDs.count)
            let token = Array(org.endpoint.accessToken.utf8)
            #expect(token.count > 8)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.url.path)
            #expect(files.count >= 2)
            for file in files {
                let bytes = [UInt8]((try? Data(contentsOf: folder.url.appendingPathComponent(file))) ?? Data())
                let holdsToken =
                    bytes.count >= token.count
                    && (0...(bytes.count - token.count)).contains {
                        bytes[$0..<($0 + token.count)].elementsEqual(token)
                    }
                #expect(!holdsToken, "\(file) holds the token")
            }
        }
    }

    @Test("the age is told in whole units, rounded down")
    func ageText() {
        #expect(CachedRowsStatus.age(seconds: 20) == "just now")
        #expect(CachedRowsStatus.age(seconds: 125) == "2 min ago")
        #expect(CachedRowsStatus.age(seconds: 7300) == "2 h ago")
        #expect(CachedRowsStatus.age(seconds: 3 * 86400 + 5) == "3 d ago")
        #expect(CachedRowsStatus.age(seconds: -5) == "just now")
    }
}
