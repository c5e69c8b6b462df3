import ContactList
import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

@testable import Replica

/// A delete the org confirmed leaves the replica at once (`ContactListEffect.forgetRows`), not at
/// the next sync: a start before it (offline) never shows the record again.
@Suite("Confirmed deletes leave the replica at once", .serialized)
struct ConfirmedDeleteReplicaTests {
    static let query = "SELECT Id, Name, Title FROM Contact ORDER BY Name"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A runner keeping its rows in `replica`; `offline`: started with `--offline`.
    private func runner(_ org: LiveOrg, _ replica: ReplicaStore, offline: Bool = false) -> ModelRunner {
        var model = ContactListModel(query: Self.query, batchSize: 200, origin: "test", requests: org.client)
        if offline { model.startOffline() }
        var runner = ModelRunner(model: model, client: org.client, replica: replica)
        runner.setVisibleRows(20)
        return runner
    }

    @Test("d confirmed by the org: the row is gone from the replica, and an offline start from it does not show it")
    func confirmedDeleteLeavesReplica() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 40)) { org in
            let replica = try #require(ReplicaStore.open(at: folder.file()).store)
            var first = runner(org, replica)
            first.start()
            #expect(await first.settle())
            #expect(try replica.replicatedList(of: Self.query)?.rows.count == 40)
            // The org refuses to delete a contact with Cases: the first row it deletes will do.
            var deleted: ContactRecord?
            for position in 0..<10 where deleted == nil {
                guard let record = first.delete(atShown: position) else { continue }
                #expect(await first.settle())
                if first.model.confirmedDeletedIDs.contains(record.id) { deleted = record }
            }
            let gone = try #require(deleted)
            let kept = try #require(try replica.replicatedList(of: Self.query))
            #expect(!kept.rows.contains { $0.record.id == gone.id })
            #expect(kept.rows.count == 39)

            var restarted = runner(org, replica, offline: true)
            try restarted.showCachedRows(age: "1 min ago")
            #expect(restarted.model.dataRows.count == 39)
            #expect(!restarted.model.dataRows.contains { $0.id == gone.id })
            let screen = ContactListScreen(model: restarted.model).frame(width: 120, height: 50).text
            #expect(screen.contains("offline"))
            #expect(!screen.contains(gone.displayName))
        }
    }
}
