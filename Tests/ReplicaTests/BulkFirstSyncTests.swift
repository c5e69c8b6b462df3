import ContactList
import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

@testable import Replica

/// A large list's first sync against the mock org: when the first page says more than 50,000
/// records with pages left, the rest comes through one Bulk API 2.0 job (`readBulk`, read with
/// `BulkJobRecords`), not page by page, and the replica holds the whole list.
@Suite("A large list's first sync through a bulk job", .serialized)
struct BulkFirstSyncTests {
    static let query = "SELECT Id, Name, Email, Account.Name FROM Contact ORDER BY Name"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A model of `query` over `org` keeping its rows in a new replica, and the effects of its
    /// start and all they lead to.
    private func start(
        _ org: LiveOrg, batchSize: Int
    ) async throws -> (ContactListModel, ReplicaStore, [ContactListEffect]) {
        let replica = try #require(ReplicaStore.open(at: folder.file()).store)
        var model = ContactListModel(query: Self.query, batchSize: batchSize, origin: "test", requests: org.client)
        model.keepsRows = true
        model.visibleRowCount = 20
        let effects = try await driveEffects(&model, model.start(), org, replica)
        return (model, replica, effects)
    }

    @Test("more than 50,000 records: one REST page, then one bulk job for the whole list, kept whole")
    func aLargeListSyncsThroughOneJob() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 50_100)) { org in
            let (model, replica, effects) = try await start(org, batchSize: 2000)
            let pages = effects.filter {
                if case .send(let request) = $0 { request.path.contains("/query") } else { false }
            }
            let jobs = effects.filter { if case .readBulk = $0 { true } else { false } }
            #expect(pages.count == 1, "the first page only, then no paging")
            #expect(jobs.count == 1)
            let ids = model.dataRows.map(\.id)
            #expect(ids.count == 50_100 && Set(ids).count == 50_100)
            let rest = try await org.client.send(org.client.request(forQuery: Self.query)).decode(QueryResult.self)
            #expect(Array(ids.prefix(rest.records.count)) == rest.records.compactMap { $0["Id"]?.stringValue })
            #expect(try replica.replicatedList(of: Self.query)?.isComplete == true)
        }
    }

    @Test("a small list pages as before: no bulk job")
    func aSmallListPages() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 450)) { org in
            let (model, replica, effects) = try await start(org, batchSize: 200)
            #expect(!effects.contains { if case .readBulk = $0 { true } else { false } })
            #expect(model.dataRows.count == 450)
            #expect(try replica.replicatedList(of: Self.query)?.isComplete == true)
        }
    }
}
