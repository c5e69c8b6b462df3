import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

@testable import ContactList
@testable import Replica

/// The outbox wired to the list's model: a change is written before its request goes, removed
/// when it settles, and a process killed mid-delete leaves what the next start reconciles, with
/// nothing lost and nothing sent twice.
@Suite("The durable outbox behind the list's pending changes")
struct OutboxResumeTests {
    static let query = "SELECT Id, Name FROM Contact ORDER BY Name"

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    /// A journal on the test's outbox file (the same file for every call: one per org and user).
    func openJournal() throws -> OutboxJournal {
        OutboxJournal(store: try #require(OutboxStore.open(at: folder.file()).store))
    }

    /// A runner with a journal whose model has loaded the org's rows.
    func loaded(_ org: LiveOrg, journal: OutboxJournal) async throws -> ModelRunner {
        var runner = ModelRunner(
            model: ContactListModel(query: Self.query, origin: "test", requests: org.client), client: org.client,
            journal: journal)
        runner.setVisibleRows(30)
        try runner.resumeLeftChanges()
        runner.start()
        #expect(await runner.settle())
        return runner
    }

    @Test("a delete is written before its request and removed when it settles")
    func writtenBeforeSendRemovedWhenSettled() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 12)) { org in
            let journal = try openJournal()
            var runner = try await loaded(org, journal: journal)
            var model = runner.model
            let effects = model.handle(key: .character("d"))
            let record = try #require(
                effects.indices.first { if case .recordChange = effects[$0] { true } else { false } })
            let send = try #require(effects.indices.first { if case .send = effects[$0] { true } else { false } })
            #expect(record < send)

            let deletedRow = runner.delete(atShown: 0)
            let deleted = try #require(deletedRow)
            let entries = try journal.store.entries()
            #expect(entries.map(\.recordID) == [deleted.id])
            #expect(entries.map(\.kind) == [.delete])
            #expect(entries.first?.payload["name"] == .string(deleted.displayName))
            #expect(await runner.settle())
            #expect(runner.model.confirmedDeletedIDs == [deleted.id])
            #expect(try journal.store.entries() == [])
        }
    }

    @Test("killed after the DELETE reached the org: the next start reads it back, never sends it again")
    func killedAfterTheDeleteWentOut() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 12)) { org in
            var first = try await loaded(org, journal: try openJournal())
            let deletedRow = first.delete(atShown: 2)
            let deleted = try #require(deletedRow)
            // The org applies the delete; the process dies before it reads the answer.
            for _ in 0..<400 where try await DeleteAudit.ids(in: org.client).contains(deleted.id) {
                try await Task.sleep(for: .milliseconds(10))
            }
            #expect(try await !DeleteAudit.ids(in: org.client).contains(deleted.id))

            let again = try openJournal()
            let second = try await loaded(org, journal: again)
            #expect(second.exchanges.filter { $0.request.method == .DELETE }.isEmpty)
            #expect(second.model.confirmedDeletedIDs == [deleted.id])
            #expect(!second.model.dataRows.contains { $0.id == deleted.id })
            #expect(second.model.notices.alerts == [Alert(title: "From the last session", message: "1 deleted")])
            // The org's count already left the record out: it is not taken off twice.
            #expect(second.model.run.totalSize == 11)
            #expect(try again.store.entries() == [])
            let audit = DeleteAudit(
                model: second.model, orgIDs: try await DeleteAudit.ids(in: org.client), deletedIDs: [deleted.id])
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("killed after the outbox was written but before the DELETE went: the row comes back, once")
    func killedBeforeTheDeleteWentOut() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 12)) { org in
            let journal = try openJournal()
            let first = try await loaded(org, journal: journal)
            var model = first.model
            let record = try #require(model.selectedRecord)
            // Only the outbox's effect is performed: the process dies before the send.
            for effect in model.handle(key: .character("d")) { _ = try journal.perform(effect) }
            #expect(try journal.store.entries().map(\.recordID) == [record.id])

            let again = try openJournal()
            let second = try await loaded(org, journal: again)
            #expect(second.exchanges.filter { $0.request.method == .DELETE }.isEmpty)
            #expect(second.model.dataRows.filter { $0.id == record.id }.count == 1)
            #expect(second.model.confirmedDeletedIDs.isEmpty)
            #expect(
                second.model.notices.alerts == [
                    Alert(title: "From the last session", message: "1 not deleted — put back")
                ])
            #expect(second.model.run.totalSize == 12)
            #expect(try again.store.entries() == [])
            let audit = DeleteAudit(
                model: second.model, orgIDs: try await DeleteAudit.ids(in: org.client), deletedIDs: [])
            #expect(audit.isClean, "\(audit)")
        }
    }

    @Test("an edit left by a killed process is not sent again, and the status says so")
    func leftEditIsNotResent() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 5)) { org in
            let journal = try openJournal()
            let record = ContactRecord(id: "003000000000001AAA", objectType: "Contact", displayName: "Ann", values: [])
            try journal.record(
                DurableChange(
                    requestID: RestRequestID(), kind: .update, record: record, query: Self.query, field: "Title",
                    value: "CEO"))
            var second = ModelRunner(
                model: ContactListModel(query: Self.query, origin: "test", requests: org.client), client: org.client,
                journal: try openJournal())
            try second.resumeLeftChanges()
            #expect(
                second.model.notices.statusMessage
                    == "From the last session: 1 edit left as the org has them")
            second.start()
            #expect(await second.settle())
            #expect(second.exchanges.allSatisfy { $0.request.method == .GET })
            #expect(try journal.store.entries() == [])
        }
    }

    @Test("a second instance leaves the entries of a first one still running, and takes up a dead one's")
    func liveInstancesEntriesAreLeftAlone() throws {
        let store = try #require(OutboxStore.open(at: folder.file()).store)
        let record = ContactRecord(id: "003000000000001AAA", objectType: "Contact", displayName: "Ann", values: [])
        for processID: Int32 in [101, 202] {
            let writer = OutboxJournal(store: store, now: { Date() }, processID: processID, isRunning: { _ in true })
            try writer.record(DurableChange(requestID: RestRequestID(), kind: .delete, record: record, query: nil))
        }
        let second = OutboxJournal(store: store, now: { Date() }, processID: 303, isRunning: { $0 == 101 })
        let left = try second.leftChanges()
        #expect(left.changes.map(\.record.id) == [record.id])
        #expect(try store.entries().filter { left.keys.contains($0.requestID) }.map(\.processID) == [202])
        #expect(OutboxJournal.isRunning(getpid()))
        #expect(!OutboxJournal.isRunning(0))
    }

    @Test("every kind a journal writes comes back whole: a create keeps its typed values and send time, no Id")
    func everyKindRoundTrips() throws {
        let store = try #require(OutboxStore.open(at: folder.file()).store)
        let writer = OutboxJournal(store: store, now: { Date() }, processID: 101, isRunning: { _ in false })
        let record = ContactRecord(id: "003000000000001AAA", objectType: "Contact", displayName: "Ann", values: ["Ann"])
        let placeholder = ContactRecord(id: "new:1", objectType: "Contact", displayName: "Zoë Ng", values: ["Zoë Ng"])
        let sentAt = Date(timeIntervalSince1970: 1_795_000_000)
        let written = [
            DurableChange(requestID: RestRequestID(), kind: .delete, record: record, query: Self.query, sentAt: sentAt),
            DurableChange(
                requestID: RestRequestID(), kind: .update, record: record, query: Self.query, field: "Title",
                value: "CEO", sentAt: sentAt),
            DurableChange(
                requestID: RestRequestID(), kind: .create, record: placeholder, query: nil,
                typed: ["FirstName": "Zoë", "LastName": "Ng", "DoNotCall": "true"], sentAt: sentAt),
            DurableChange(
                requestID: RestRequestID(), kind: .undelete, record: record, query: Self.query, sentAt: sentAt),
        ]
        for change in written { try writer.record(change) }
        #expect(try store.entries().map(\.kind) == [.delete, .update, .create, .undelete])
        #expect(try store.entries().map(\.recordID) == [record.id, record.id, nil, record.id])

        let reader = OutboxJournal(store: store, now: { sentAt }, processID: 202, isRunning: { _ in false })
        let left = try reader.leftChanges().changes
        #expect(left.map(\.kind) == [.delete, .update, .create, .undelete])
        let create = try #require(left.first { $0.kind == .create })
        #expect(create.typed == ["FirstName": "Zoë", "LastName": "Ng", "DoNotCall": "true"])
        #expect(create.sentAt == sentAt)
        #expect(create.record.displayName == "Zoë Ng")
        #expect(left.filter { $0.kind != .create }.allSatisfy { $0.record == record && $0.typed.isEmpty })
        #expect(left.first { $0.kind == .update }.map { [$0.field, $0.value] } == ["Title", "CEO"])
    }
}
