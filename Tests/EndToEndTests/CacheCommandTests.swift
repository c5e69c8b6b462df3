import Foundation
import Replica
import TestSupport
import Testing

/// `contact-tui cache list` and `cache clear`, run as the binary, on folders of the test's own.
@Suite("contact-tui cache")
struct CacheCommandTests {
    let owner = ReplicaOwner(orgID: "00D000000000001AAA", userID: "005000000000001AAA")!

    @Test("list shows each replica; clear refuses while a change is unsent, and --discard-unsent lists and removes it")
    func listAndClear() async throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("cache-command-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let environment = [
            "HOME": root.path, "XDG_CACHE_HOME": root.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": root.appendingPathComponent("state").path, "PATH": "/usr/bin:/bin",
        ]
        let location = try #require(ReplicaLocation(environment: environment))
        let replica = try #require(ReplicaStore.open(at: location.rowsFile(of: owner)).store)
        try replica.replaceRows(
            of: ListKey(query: "SELECT Id FROM Contact"),
            with: [ReplicaRow(id: "003A", fields: [:], position: 0), ReplicaRow(id: "003B", fields: [:], position: 1)],
            syncedAt: Date(timeIntervalSince1970: 1_795_000_000))
        try replica.close()
        let outbox = try #require(OutboxStore.open(at: location.outboxFile(of: owner)).store)
        try outbox.add(
            OutboxEntry(
                requestID: "r1", kind: .delete, objectType: "Contact", recordID: "003C",
                payload: ["name": .string("Ann Lee")],
                state: .sent, createdAt: Date()))
        try outbox.close()

        let list = try await ProcessRunner.run(try Binary.path, ["cache", "list"], environment: environment)
        #expect(list.status == 0, "\(list.error)")
        let lines = list.output.split(separator: "\n")
        #expect(lines.first == "ORG\tUSER\tLISTS\tROWS\tSIZE\tLAST SYNC\tUNSENT")
        #expect(lines.last?.hasPrefix("00D000000000001AAA\t005000000000001AAA\t1\t2\t") == true, "\(list.output)")
        #expect(lines.last?.hasSuffix("\t2026-11-18T11:06:40Z\t1") == true, "\(list.output)")

        let refused = try await ProcessRunner.run(try Binary.path, ["cache", "clear"], environment: environment)
        #expect(refused.status == 1)
        #expect(refused.error.contains("delete of Contact Ann Lee (003C), sent"), "\(refused.error)")
        #expect(refused.error.contains("--discard-unsent"))
        #expect(FileManager.default.fileExists(atPath: location.rowsFile(of: owner).path))

        let cleared = try await ProcessRunner.run(
            try Binary.path, ["cache", "clear", "--discard-unsent"], environment: environment)
        #expect(cleared.status == 0, "\(cleared.error)")
        #expect(cleared.error.contains("Ann Lee"))
        #expect(!FileManager.default.fileExists(atPath: location.rowsFile(of: owner).path))
        #expect(!FileManager.default.fileExists(atPath: location.outboxFile(of: owner).path))
    }
}
