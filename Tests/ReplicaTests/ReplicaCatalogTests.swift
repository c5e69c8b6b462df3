import Foundation
import TestSupport
import Testing

@testable import Replica

@Suite("The catalog of replicas and outboxes on the machine")
struct ReplicaCatalogTests {
    let folder: TemporaryFolder
    let catalog: ReplicaCatalog
    let first = ReplicaOwner(orgID: "00D000000000001AAA", userID: "005000000000001AAA")!
    let second = ReplicaOwner(orgID: "00D000000000002AAA", userID: "005000000000002AAA")!

    init() throws {
        folder = try TemporaryFolder()
        catalog = ReplicaCatalog(
            location: ReplicaLocation(
                cacheDirectory: folder.url.appendingPathComponent("cache/contact-tui"),
                stateDirectory: folder.url.appendingPathComponent("state/contact-tui")))
    }

    @Test("owners are found in either folder; sizes count the WAL; removing a replica keeps the outbox")
    func ownersSizesAndRemoval() throws {
        #expect(catalog.owners() == [])
        let replica = try #require(ReplicaStore.open(at: catalog.location.rowsFile(of: first)).store)
        try replica.upsert([ReplicaRow(id: "a", fields: ["Name": .string("A")], position: 0)], in: ListKey(query: "q"))
        let outbox = try #require(OutboxStore.open(at: catalog.location.outboxFile(of: second)).store)
        try outbox.add(
            OutboxEntry(requestID: "r", kind: .delete, objectType: "Contact", recordID: "003A", createdAt: Date()))
        try Data("junk".utf8).write(to: URL(fileURLWithPath: catalog.location.rowsFile(of: first).path + ".corrupt"))
        #expect(catalog.owners() == [first, second])
        #expect(catalog.replicaSize(of: first) > 4096)
        #expect(catalog.hasReplica(first) && !catalog.hasOutbox(first))
        #expect(!catalog.hasReplica(second) && catalog.hasOutbox(second))

        try replica.close()
        try catalog.removeReplica(of: first)
        #expect(!catalog.hasReplica(first))
        #expect(try FileManager.default.contentsOfDirectory(atPath: catalog.location.cacheDirectory.path) == [])
        #expect(catalog.owners() == [second])
        #expect(try outbox.entries().count == 1)
        try outbox.close()
        try catalog.removeOutbox(of: second)
        #expect(catalog.owners() == [])
    }
}
