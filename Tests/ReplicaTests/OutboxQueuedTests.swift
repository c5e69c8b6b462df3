import Foundation
import RestCore
import TestSupport
import Testing

@testable import ContactList
@testable import Replica

/// Changes queued offline in the outbox: kept as queued with the replica's `LastModifiedDate`, and
/// at the next start queued again, never read back as changes in flight.
@Suite("Queued changes in the durable outbox")
struct OutboxQueuedTests {
    /// A request factory that never sends, never shut down (as the list's fixtures keep theirs).
    static let client = RestClient(
        configuration: RestClientConfiguration(instanceURL: URL(string: "http://127.0.0.1:9")!, accessToken: "unused"))

    let folder: TemporaryFolder
    init() throws { folder = try TemporaryFolder() }

    @Test("a queued change is written as queued with its condition; the next start queues it again, sending nothing")
    func queuedSurvivesRestart() throws {
        let store = try #require(OutboxStore.open(at: folder.file()).store)
        let first = OutboxJournal(store: store, now: { Date() }, processID: 101, isRunning: { _ in false })
        let record = ContactRecord(
            id: "003000000000001AAA", objectType: "Contact", displayName: "Ann Lee", values: ["Ann Lee", "a@x.org"]
        ).lastModified("2026-11-26T10:00:00.000+0000")
        let change = DurableChange(
            requestID: RestRequestID(), kind: .update, record: record, query: "SELECT Id, Name, Email FROM Contact",
            field: "Email", value: "new@x.org", sentAt: Date(timeIntervalSince1970: 100), state: .queued)
        try first.record(change)
        // Written again (now in conflict), it keeps its one entry.
        try first.record(
            DurableChange(
                requestID: change.requestID, kind: .update, record: record, query: change.query, field: "Email",
                value: "new@x.org", sentAt: change.sentAt, state: .conflict))
        let written = try store.entries()
        #expect(written.map(\.state) == [.conflict])
        #expect(written.map(\.lastModifiedDate) == ["2026-11-26T10:00:00.000+0000"])

        let second = OutboxJournal(store: store, now: { Date() }, processID: 102, isRunning: { _ in false })
        var model = ContactListModel(
            query: "SELECT Id, Name, Email FROM Contact", origin: "test", requests: Self.client)
        model.journalsChanges = true
        let reads = try second.resumeLeftChanges(in: &model)
        #expect(reads.isEmpty)
        #expect(model.changes.isEmpty)
        #expect(model.offline.entries.map(\.kind) == [.update(field: "Email", value: "new@x.org")])
        #expect(model.offline.entries.first?.original.lastModifiedDate == "2026-11-26T10:00:00.000+0000")
        let now = try store.entries()
        #expect(now.count == 1)
        #expect(now.map(\.state) == [.queued])
        #expect(now.map(\.processID) == [102])
        #expect(now.first?.requestID != written.first?.requestID)
    }

    @Test("a queued create keeps its POST body: a reference's resolved Id survives the outbox and a restart")
    func queuedCreateKeepsBody() throws {
        let store = try #require(OutboxStore.open(at: folder.file()).store)
        let first = OutboxJournal(store: store, now: { Date() }, processID: 101, isRunning: { _ in false })
        let placeholder = ContactRecord(
            id: "new:1", objectType: "Contact", displayName: "Okafor", values: ["Okafor", "Acme Corp"])
        let body: [String: JSONValue] = ["LastName": .string("Okafor"), "AccountId": .string("001000000000001AAA")]
        try first.record(
            DurableChange(
                requestID: RestRequestID(), kind: .create, record: placeholder, query: nil,
                typed: ["LastName": "Okafor", "AccountId": "Acme Corp"], body: body,
                sentAt: Date(timeIntervalSince1970: 100), state: .queued))

        let second = OutboxJournal(store: store, now: { Date() }, processID: 102, isRunning: { _ in false })
        let left = try second.leftChanges().changes
        #expect(left.map(\.body) == [body])
        #expect(left.map(\.typed) == [["LastName": "Okafor", "AccountId": "Acme Corp"]])
    }
}
