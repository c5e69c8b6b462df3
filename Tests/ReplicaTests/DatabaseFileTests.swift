import ContactList
import Foundation
import GRDB
import RestCore
import TestSupport
import Testing

@testable import Replica

@Suite("The replica's files: modes, and bad files moved aside")
struct DatabaseFileTests {
    let folder: TemporaryFolder
    let file: URL

    init() throws {
        folder = try TemporaryFolder()
        file = folder.file()
    }

    @Test("the folder is mode 0700, the database and its WAL 0600, in WAL mode")
    func privateModes() throws {
        let store = try #require(ReplicaStore.open(at: file).store)
        try store.upsert([ReplicaRow(id: "a", fields: [:], position: 0)], in: ListKey(query: "x"))
        #expect(try TemporaryFolder.mode(of: file.deletingLastPathComponent()) == 0o700)
        #expect(try TemporaryFolder.mode(of: file) == 0o600)
        #expect(try TemporaryFolder.mode(of: URL(fileURLWithPath: file.path + "-wal")) == 0o600)
        #expect(try store.pool.read { try String.fetchOne($0, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test("an existing folder and file with looser modes are tightened")
    func looseModesTightened() throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o755])
        try #require(ReplicaStore.open(at: file).store).close()
        #expect(chmod(file.path, 0o644) == 0)
        _ = try #require(ReplicaStore.open(at: file).store)
        #expect(try TemporaryFolder.mode(of: file.deletingLastPathComponent()) == 0o700)
        #expect(try TemporaryFolder.mode(of: file) == 0o600)
    }

    @Test("reads map the file (a start reads every row of a list) rather than copy it a page at a time")
    func readsMapTheFile() throws {
        let store = try #require(ReplicaStore.open(at: file).store)
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA mmap_size") } == DatabaseFile.mappedBytes)
    }

    @Test("a file of garbage is moved aside as corrupt, with one sentence")
    func corruptMovedAside() throws {
        try FileManager.default.createDirectory(
            at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: 0x5A, count: 8192).write(to: file)
        #expect(chmod(file.path, 0o600) == 0)
        let opening = ReplicaStore.open(at: file)
        guard case .movedAside(let notice) = opening else {
            Issue.record("expected the file moved aside, got \(opening)")
            return
        }
        #expect(notice.contains("is not a database that can be read"))
        #expect(notice.contains(file.path + ".corrupt"))
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt"))
        #expect(!FileManager.default.fileExists(atPath: file.path))
        // The next start makes a new, empty replica.
        #expect(try #require(ReplicaStore.open(at: file).store).summary().rows == 0)
    }

    @Test("a file of a newer schema (its user_version above ours) is moved aside")
    func newerUserVersionMovedAside() throws {
        try #require(OutboxStore.open(at: file).store).close()
        let queue = try DatabaseQueue(path: file.path)
        try queue.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 99") }
        try queue.close()
        let opening = OutboxStore.open(at: file)
        #expect(opening.notice?.contains("was written by a newer contact-tui") == true)
        #expect(FileManager.default.fileExists(atPath: file.path + ".newer"))
    }

    @Test("a file with a migration this build does not know is moved aside")
    func unknownMigrationMovedAside() throws {
        try #require(ReplicaStore.open(at: file).store).close()
        let queue = try DatabaseQueue(path: file.path)
        try queue.write { try $0.execute(sql: "INSERT INTO grdb_migrations (identifier) VALUES ('3 future')") }
        try queue.close()
        #expect(ReplicaStore.open(at: file).notice?.contains("newer") == true)
        // A second bad file finds a free name beside the first.
        try #require(ReplicaStore.open(at: file).store).close()
        let again = try DatabaseQueue(path: file.path)
        try again.writeWithoutTransaction { try $0.execute(sql: "PRAGMA user_version = 7") }
        try again.close()
        #expect(ReplicaStore.open(at: file).notice?.contains(file.path + ".newer-2") == true)
    }

    @Test("a file its owner may not read (mode 000) is moved aside as unreadable")
    func unreadableMovedAside() throws {
        try #require(ReplicaStore.open(at: file).store).close()
        #expect(chmod(file.path, 0) == 0)
        let opening = ReplicaStore.open(at: file)
        #expect(opening.store == nil)
        #expect(opening.notice?.contains("cannot be read, so it was moved to \(file.path).unreadable") == true)
    }

    @Test("migrations are named, and a file at the first one gains the second with its rows kept")
    func migratesFromEarlierSchema() throws {
        #expect(
            ReplicaStore.migrator.migrations == [
                "1 list rows", "2 list sync state", "3 whole lists", "4 ready rows", "5 ready snapshots",
                "6 snapshot parts by rowid",
            ])
        #expect(
            OutboxStore.migrator.migrations == [
                "1 outbox", "2 outbox process", "3 outbox queued changes", "4 outbox without the state index",
            ])
        try writeFile(
            upTo: "1 list rows", ReplicaStore.migrator,
            sql: """
                INSERT INTO listRow (listKey, id, fields, lastModifiedDate, systemModstamp, position) VALUES
                ('l', 'a', '{"Name":"A"}', NULL, '2026-01-01T00:00:00.000+0000', 0),
                ('l', 'b', '{"Name":"B"}', NULL, '2026-02-01T00:00:00.000+0000', 1)
                """)
        let store = try #require(ReplicaStore.open(at: file).store)
        let list = ListKey(stored: "l")
        #expect(try store.rows(of: list).map(\.fields) == [["Name": .string("A")], ["Name": .string("B")]])
        #expect(try store.syncState(of: list)?.lastSystemModstamp == "2026-02-01T00:00:00.000+0000")
        #expect(try store.syncState(of: list)?.isComplete == false)
        // Rows kept before whole pages were (no Id among their fields) still read back with it.
        #expect(try store.replicatedList(of: "l")?.rows.map(\.record.id) == ["a", "b"])
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 6)
    }

    @Test("a file at the second schema gains whole lists: its lists kept, none known whole, each whole once marked")
    func migratesToWholeLists() throws {
        try writeFile(
            upTo: "2 list sync state", ReplicaStore.migrator,
            sql: """
                INSERT INTO listRow (listKey, id, fields, lastModifiedDate, systemModstamp, position) VALUES
                ('l', 'a', '{"Name":"A"}', NULL, '2026-01-01T00:00:00.000+0000', 0);
                INSERT INTO listSync (listKey, lastSystemModstamp, syncedAt) VALUES ('l', NULL, 7);
                PRAGMA user_version = 2;
                """)
        let store = try #require(ReplicaStore.open(at: file).store)
        let list = ListKey(stored: "l")
        #expect(try store.rows(of: list).map(\.id) == ["a"])
        let state = try #require(try store.syncState(of: list))
        #expect(state.isComplete == false)
        #expect(state.syncedAt == Date(timeIntervalSince1970: 7))
        try store.markComplete(list)
        #expect(try store.syncState(of: list)?.isComplete == true)
        #expect(try store.syncState(of: list)?.lastSystemModstamp == "2026-01-01T00:00:00.000+0000")
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 6)
    }

    @Test("a file at the third schema gains ready rows: its lists read from their JSON, and load in full once more")
    func migratesToReadyRows() throws {
        try writeFile(
            upTo: "3 whole lists", ReplicaStore.migrator,
            sql: """
                INSERT INTO listRow (listKey, id, fields, lastModifiedDate, systemModstamp, position) VALUES
                ('select id, name from contact', 'a', '{"Id":"a","Name":"A"}', NULL, NULL, 0);
                INSERT INTO listSync (listKey, lastSystemModstamp, syncedAt, isComplete)
                    VALUES ('select id, name from contact', NULL, 7, 1);
                PRAGMA user_version = 3;
                """)
        let store = try #require(ReplicaStore.open(at: file).store)
        let query = "SELECT Id, Name FROM Contact"
        #expect(try store.syncState(of: ListKey(query: query))?.readyFormat == nil)
        let list = try #require(try store.replicatedList(of: query))
        #expect(list.rows.map(\.record.values) == [["A"]])
        #expect(!list.isComplete, "loaded in full once more, so that every row is kept ready")
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 6)
    }

    /// A file up to `migration`, holding one whole list of one ready row (`Name` "A") and `more`
    /// SQL; then opened, the list reads, its snapshot is written, and the file is at the last
    /// schema. Returns the store, for more checks.
    private func checkReadyListMigrates(
        upTo migration: String, version: Int, more: (ReadyRowFormat) -> String = { _ in "" }
    ) throws -> ReplicaStore {
        let query = "SELECT Id, Name FROM Contact"
        let format = ReadyRowFormat(query: query)
        let row = try #require(
            ReplicaRow(
                record: .object([
                    "attributes": .object(["type": .string("Contact")]), "Id": .string("a"), "Name": .string("A"),
                ]),
                position: 0, format: format))
        try writeFile(
            upTo: migration, ReplicaStore.migrator,
            sql: """
                INSERT INTO listRow (listKey, id, fields, lastModifiedDate, systemModstamp, position) VALUES
                ('select id, name from contact', 'a', '{"Id":"a","Name":"A"}', NULL, NULL, 0);
                INSERT INTO readyRow (listKey, position, id, ready)
                    VALUES ('select id, name from contact', 0, 'a', x'\(row.ready!.map { String(format: "%02x", $0) }.joined())');
                INSERT INTO listSync (listKey, lastSystemModstamp, syncedAt, isComplete, readyFormat)
                    VALUES ('select id, name from contact', NULL, 7, 1, '\(format.signature)');
                \(more(format))
                PRAGMA user_version = \(version);
                """)
        let store = try #require(ReplicaStore.open(at: file).store)
        let list = ListKey(query: query)
        // Whatever snapshot the file held is gone: a migration to rowid drops them, being a cache.
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "SELECT COUNT(*) FROM readySnapshot") } == 0)
        #expect(try store.snapshotSize(of: list, format: format) == nil)
        #expect(try store.replicatedList(of: query, format: format)?.rows.map(\.record.values) == [["A"]])
        try store.keepSnapshot(of: list)
        #expect(try store.snapshotSize(of: list, format: format)?.rows == 1)
        #expect(try store.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 6)
        return store
    }

    @Test("a file at the fourth schema gains snapshots: a whole list reads row by row until a sync writes its own")
    func migratesToSnapshots() throws {
        _ = try checkReadyListMigrates(upTo: "4 ready rows", version: 4)
    }

    @Test("a file at the fifth schema keeps its lists, drops its snapshots and keeps new ones by rowid")
    func migratesSnapshotsToRowid() throws {
        let store = try checkReadyListMigrates(upTo: "5 ready snapshots", version: 5) { format in
            """
            INSERT INTO readySnapshot (listKey, part, readyFormat, generation, rowCount, bytes)
                VALUES ('select id, name from contact', 0, '\(format.signature)', 'g', 2, x'00');
            """
        }
        let table = try store.pool.read {
            try String.fetchOne($0, sql: "SELECT sql FROM sqlite_master WHERE name = 'readySnapshot'")
        }
        #expect(table?.contains("WITHOUT ROWID") == false)
    }

    @Test("an outbox at its first schema gains the writing process, its entries kept as of no known process")
    func outboxMigratesFromEarlierSchema() throws {
        try writeFile(
            upTo: "1 outbox", OutboxStore.migrator,
            sql: """
                INSERT INTO outbox (requestID, kind, objectType, recordID, payload, state, createdAt)
                VALUES ('r1', 'delete', 'Contact', '003A', '{"name":"Ann"}', 'sent', 5)
                """)
        let outbox = try #require(OutboxStore.open(at: file).store)
        #expect(
            try outbox.entries() == [
                OutboxEntry(
                    requestID: "r1", kind: .delete, objectType: "Contact", recordID: "003A",
                    payload: ["name": .string("Ann")], state: .sent, createdAt: Date(timeIntervalSince1970: 5),
                    processID: 0)
            ])
    }

    @Test("an outbox at its second schema gains the queued changes' LastModifiedDate, its entries and states kept")
    func outboxMigratesToQueuedChanges() throws {
        try writeFile(
            upTo: "2 outbox process", OutboxStore.migrator,
            sql: """
                INSERT INTO outbox (requestID, kind, objectType, recordID, payload, state, createdAt, processID)
                VALUES ('r1', 'delete', 'Contact', '003A', '{}', 'queued', 5, 42),
                       ('r2', 'update', 'Contact', '003B', '{}', 'sent', 6, 42)
                """)
        let outbox = try #require(OutboxStore.open(at: file).store)
        let entries = try outbox.entries()
        #expect(entries.map(\.state) == [.queued, .sent])
        #expect(entries.map(\.lastModifiedDate) == [nil, nil])
        #expect(try outbox.entries().filter { $0.state == .queued }.map(\.requestID) == ["r1"])
        var queued = try #require(entries.first)
        queued.lastModifiedDate = "2026-11-27T01:00:00.000+0000"
        queued.state = .conflict
        try outbox.add(queued)
        #expect(
            try outbox.entries().filter { $0.state == .conflict }.map(\.lastModifiedDate) == [
                "2026-11-27T01:00:00.000+0000"
            ])
        #expect(try outbox.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 4)
    }

    @Test("an outbox at its third schema loses the unused state index, its entries kept")
    func outboxMigratesWithoutStateIndex() throws {
        try writeFile(
            upTo: "3 outbox queued changes", OutboxStore.migrator,
            sql: """
                INSERT INTO outbox
                    (requestID, kind, objectType, recordID, payload, state, createdAt, processID, lastModifiedDate)
                VALUES ('r1', 'delete', 'Contact', '003A', '{}', 'conflict', 5, 42, '2026-11-27T01:00:00.000+0000')
                """)
        let outbox = try #require(OutboxStore.open(at: file).store)
        #expect(try outbox.entries().map(\.requestID) == ["r1"])
        #expect(try outbox.entries().map(\.state) == [.conflict])
        let indexes = try outbox.pool.read {
            try String.fetchAll($0, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'")
        }
        #expect(!indexes.contains("outbox_state"))
        #expect(try outbox.pool.read { try Int.fetchOne($0, sql: "PRAGMA user_version") } == 4)
    }

    /// Writes the file at an earlier schema (`migrator` up to `migration`), then runs `sql` in it.
    private func writeFile(upTo migration: String, _ migrator: DatabaseMigrator, sql: String) throws {
        try DatabaseFile.makePrivateDirectory(file.deletingLastPathComponent())
        let queue = try DatabaseQueue(path: file.path)
        try migrator.migrate(queue, upTo: migration)
        try queue.write { try $0.execute(sql: sql) }
        try queue.close()
    }
}
