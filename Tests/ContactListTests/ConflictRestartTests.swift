import Foundation
import Replica
import RestCore
import Testing

@testable import ContactList

/// A queued delete whose check found the record changed in the org is in conflict: the outbox
/// keeps it so, with what the org held, and a new process started from the outbox asks again
/// with both values, never sending it.
@Suite("A conflict survives a restart")
struct ConflictRestartTests {
    /// A delete queued offline whose check found the record changed, written to the outbox in
    /// conflict; then the app quits with the alert up, and a new process starts from the same
    /// files: the files, the new start's effects (performed) and its model.
    static func restartedInConflict() throws -> (DurableFiles, [ContactListEffect], ContactListModel) {
        let files = try DurableFiles()
        var (model, offlineEffects) = try OfflineTests.offline()
        try files.perform(offlineEffects)
        try files.perform(model.handle(key: .character("d")))
        let online = try OfflineTests.comeOnline(&model, offlineEffects)
        try files.perform(online)
        let check = try #require(Fixtures.sentRequests(online).first)
        try files.perform(
            model.handle(response: OfflineTests.checked([(0, OfflineTests.changedAt)]), for: check.id))
        #expect(try files.outbox.entries().map(\.state) == [.conflict])
        var restarted = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        restarted.visibleRowCount = 10
        let started = try files.start(&restarted)
        try files.perform(started)
        return (files, started, restarted)
    }

    @Test("a delete in conflict when the app quit comes back in conflict: its alert and p show both, nothing is sent")
    func conflictComesBack() throws {
        let (files, started, resumed) = try Self.restartedInConflict()
        var restarted = resumed
        #expect(restarted.offline.entries.map(\.state) == [.conflict])
        #expect(try files.outbox.entries().map(\.state) == [.conflict])
        let alert = try #require(restarted.notices.alerts.first)
        #expect(alert.message.contains("Contact 0000 was changed by Jane Roe at 2026-11-26 11:30:05 UTC"))
        #expect(alert.message.contains("Title: \"Title 0\" → \"Changed title\""))
        #expect(alert.message.contains("your change: delete"))

        // The org answers: the page is read, and neither the delete nor its check is sent.
        let page = try #require(Fixtures.sentRequests(started).first)
        let answered = restarted.handle(response: Fixtures.page((0..<3).map(OfflineTests.cached)), for: page.id)
        try files.perform(answered)
        #expect(!Fixtures.sentRequests(answered).contains { $0.method == .DELETE })
        #expect(!Fixtures.sentRequests(answered).contains { OfflineTests.soql($0).contains("LastModifiedBy.Name") })
        #expect(restarted.dataRows.contains { $0.id == Fixtures.id(0) })

        // p lists it in conflict with what the org changed, behind the alert that asks.
        #expect(restarted.outboxItems.map(\.stateName) == ["conflict"])
        #expect(
            restarted.outboxItems.first?.recordName.hasSuffix(
                "changed by Jane Roe: Title: \"Title 0\" → \"Changed title\"") == true)

        // Enter keeps the org's copy: the queued delete goes, from the outbox too.
        try files.perform(restarted.handle(key: .enter))
        #expect(restarted.offline.entries.isEmpty)
        #expect(try files.outbox.entries().isEmpty)
    }

    @Test("o after a restart deletes after all, checked again on the org's date the conflict kept")
    func deleteAfterAllAfterRestart() throws {
        let (_, started, resumed) = try Self.restartedInConflict()
        var restarted = resumed
        let page = try #require(Fixtures.sentRequests(started).first)
        _ = restarted.handle(response: Fixtures.page((0..<3).map(OfflineTests.cached)), for: page.id)
        let again = try #require(Fixtures.sentRequests(restarted.handle(key: .character("o"))).first)
        #expect(OfflineTests.soql(again).contains("WHERE Id IN ('\(Fixtures.id(0))')"))
        let sent = Fixtures.sentRequests(
            restarted.handle(response: OfflineTests.checked([(0, OfflineTests.changedAt)]), for: again.id))
        let deletes = sent.filter { $0.method == .DELETE }
        #expect(deletes.count == 1)
        #expect(deletes.first?.path.hasSuffix(Fixtures.id(0)) == true)
    }

    @Test(
        "an edit's 412 waits in the outbox: after a restart its alert asks again with both values; o writes mine once")
    func editConflictComesBack() throws {
        let files = try DurableFiles()
        var (model, offlineEffects) = try OfflineTests.offline()
        try files.perform(offlineEffects)
        let patch = try OfflineTests.queueEmailEditAndComeOnline(&model, offlineEffects)
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: ConflictTests.preconditionFailed, for: patch.id)).first)
        try files.perform(model.handle(response: ConflictTests.readBack(email: "theirs@example.com"), for: read.id))
        #expect(try files.outbox.entries().map(\.state) == [.conflict])
        #expect(EditTests.email(model) == "theirs@example.com")

        var restarted = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        restarted.visibleRowCount = 10
        let started = try files.start(&restarted)
        try files.perform(started)
        let alert = try #require(restarted.notices.alerts.first)
        #expect(alert.message.contains("\"theirs@example.com\""))
        #expect(alert.message.contains("\"mine@example.com\""))
        let page = try #require(Fixtures.sentRequests(started).first)
        var answered = restarted.handle(response: Fixtures.page((0..<3).map(OfflineTests.cached)), for: page.id)
        #expect(!Fixtures.sentRequests(answered).contains { $0.method == .PATCH })
        #expect(
            restarted.outboxItems.first?.recordName.hasSuffix(
                "changed by Jane Roe: Email: \"mine@example.com\" → \"theirs@example.com\"") == true)
        answered = restarted.handle(key: .character("o"))
        try files.perform(answered)
        let overwrite = try #require(Fixtures.sentRequests(answered).first)
        #expect(overwrite.method == .PATCH)
        #expect(ConflictTests.header(overwrite, "If-Unmodified-Since") == "Thu, 26 Nov 2026 11:30:05 GMT")
        #expect(restarted.offline.entries.isEmpty)
        #expect(try files.outbox.entries().map(\.state) == [.sent])
    }

    @Test("Enter on an edit's conflict keeps the org's value and forgets the change in the outbox")
    func editConflictKeepsTheirs() throws {
        let files = try DurableFiles()
        var (model, offlineEffects) = try OfflineTests.offline()
        let patch = try OfflineTests.queueEmailEditAndComeOnline(&model, offlineEffects)
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: ConflictTests.preconditionFailed, for: patch.id)).first)
        try files.perform(model.handle(response: ConflictTests.readBack(email: "theirs@example.com"), for: read.id))
        #expect(model.outboxItems.map(\.stateName) == ["conflict"])
        try files.perform(model.handle(key: .enter))
        #expect(model.offline.entries.isEmpty)
        #expect(try files.outbox.entries().isEmpty)
        #expect(EditTests.email(model) == "theirs@example.com")
    }
}
