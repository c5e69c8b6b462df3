import Foundation
import RestCore
import Testing

@testable import ContactList

/// A change whose request finds the org unreachable mid-session (refused, no such host, a connect
/// that timed out): the app goes offline and the change queues, under its request's key, instead of
/// rolling back. A request that may have reached the org (a read timeout) is read back as before.
@Suite("A change that never reached the org queues")
struct UnreachableChangeTests {
    static let readAt = OfflineTests.readAt
    static let refused = OfflineTests.refused

    /// An online model showing three rows read at `readAt`, with a durable outbox and a replica.
    static func online(query: String = Fixtures.query) throws -> ContactListModel {
        var model = ContactListModel(query: query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.keepsRows = true
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        _ = model.handle(response: Fixtures.page((0..<3).map(OfflineTests.cached)), for: first.id)
        #expect(!model.offline.isOffline)
        return model
    }

    /// The request of `method` among the effects.
    static func sent(_ effects: [ContactListEffect], _ method: RestMethod) throws -> RestRequest {
        try #require(Fixtures.sentRequests(effects).first { $0.method == method })
    }

    /// What an unreachable change must leave: offline, a probe waiting, no alert, and `change`
    /// rewritten in the outbox as queued under the request's own key, never forgotten.
    static func expectQueued(
        _ effects: [ContactListEffect], _ model: ContactListModel, key: RestRequestID, kind: DurableChange.Kind
    ) {
        #expect(model.offline.isOffline)
        #expect(OfflineTests.screen(model).contains("offline"))
        #expect(OfflineTests.probes(effects).map(\.1) == [.seconds(2)])
        #expect(model.notices.alerts.isEmpty)
        #expect(OfflineTests.queued(effects).map(\.requestID) == [key])
        #expect(OfflineTests.queued(effects).map(\.state) == [.queued])
        #expect(OfflineTests.queued(effects).map(\.kind) == [kind])
        #expect(OfflineTests.forgotten(effects).isEmpty)
        #expect(model.changes.isEmpty)
        #expect(model.offline.entries.map(\.key) == [key])
    }

    @Test("d refused by an unreachable org: the row stays marked ✖, queued (not rolled back), offline with a probe")
    func deleteQueues() throws {
        var model = try Self.online()
        let delete = try Self.sent(model.handle(key: .character("d")), .DELETE)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        let effects = model.handle(response: Self.refused, for: delete.id)
        Self.expectQueued(effects, model, key: delete.id, kind: .delete)
        #expect(OfflineTests.queued(effects).first?.record.lastModifiedDate == Self.readAt)
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("✖"))
        #expect(model.notices.statusMessage.hasPrefix("Queued the delete of Contact 0000: the org cannot be reached"))
        _ = model.handle(key: .character("p"))
        #expect(OfflineTests.screen(model).contains("delete   queued   Contact 0000"))
    }

    @Test("no such host and a connect timeout queue too; the delete goes once, after its check, when the org is back")
    func deleteSyncsOnce() throws {
        for failure in [
            RestClientError.transportFailed(host: "x.invalid", reason: "no such host"),
            .transportFailed(host: "127.0.0.1", reason: "the connection timed out"),
        ] {
            var model = try Self.online()
            let delete = try Self.sent(model.handle(key: .character("d")), .DELETE)
            let offlineEffects = model.handle(response: .failure(failure), for: delete.id)
            #expect(model.offline.entries.count == 1, "\(failure)")
            let check = try #require(Fixtures.sentRequests(try OfflineTests.comeOnline(&model, offlineEffects)).first)
            #expect(OfflineTests.soql(check).hasPrefix("SELECT Id, LastModifiedDate"))
            let sent = Fixtures.sentRequests(
                model.handle(response: OfflineTests.checked([(0, Self.readAt)]), for: check.id))
            #expect(sent.filter { $0.method == .DELETE }.count == 1)
            #expect(model.offline.entries.isEmpty)
        }
    }

    @Test("a certificate failure is a refusal as before: the row comes back with an alert, nothing queued")
    func certificateRefuses() throws {
        var model = try Self.online()
        let delete = try Self.sent(model.handle(key: .character("d")), .DELETE)
        let failure = RestClientError.transportFailed(host: "org", reason: "the server's certificate is not trusted")
        _ = model.handle(response: .failure(failure), for: delete.id)
        #expect(!model.offline.isOffline)
        #expect(model.offline.entries.isEmpty)
        #expect(model.notices.alerts.count == 1)
        #expect(!OfflineTests.line(model, with: "Contact 0000").hasPrefix("✖"))
    }

    @Test("a marked bulk delete refused by an unreachable org: every row stays marked ✖, each delete queued")
    func bulkDeleteQueues() throws {
        var model = try Self.online()
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character("d"))
        let bulk = try Self.sent(model.handle(key: .character("y")), .DELETE)
        #expect(model.dataRows.count == 1)
        let effects = model.handle(response: Self.refused, for: bulk.id)
        #expect(model.offline.isOffline)
        #expect(model.notices.alerts.isEmpty)
        #expect(OfflineTests.queued(effects).map(\.record.id) == [Fixtures.id(0), Fixtures.id(1)])
        #expect(OfflineTests.queued(effects).allSatisfy { $0.state == .queued && $0.kind == .delete })
        #expect(OfflineTests.forgotten(effects).isEmpty)
        #expect(model.changes.isEmpty)
        #expect(OfflineTests.line(model, with: "Contact 0000").hasPrefix("✖"))
        #expect(OfflineTests.line(model, with: "Contact 0001").hasPrefix("✖"))
        #expect(model.notices.statusMessage.hasPrefix("Queued 2 contacts to delete: the org cannot be reached"))
    }

    @Test("e saved against an unreachable org: the value stays, marked ✎, queued with the org's copy for x")
    func editQueues() throws {
        var model = try Self.online()
        for _ in 0..<2 { _ = model.handle(key: .character("l")) }
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("mine@example.com", into: &model)
        let patch = try Self.sent(model.handle(key: .enter), .PATCH)
        let effects = model.handle(response: Self.refused, for: patch.id)
        Self.expectQueued(effects, model, key: patch.id, kind: .update)
        #expect(OfflineTests.queued(effects).first?.value == "mine@example.com")
        #expect(OfflineTests.line(model, with: "mine@example.com").hasPrefix("✎"))
        // x puts the org's value back.
        _ = model.handle(key: .character("x"))
        #expect(EditTests.email(model) == "c0@example.com")
        #expect(model.offline.entries.isEmpty)
    }

    @Test("c saved against an unreachable org: the new row stays on top, marked ✚, queued; the org gets one POST")
    func createQueues() throws {
        var model = try Self.online()
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("c"))).first)
        _ = model.handle(response: CreateTests.describe, for: describe.id)
        CreateTests.fill(&model, last: "Unsent", email: "u@example.com")
        let post = try Self.sent(model.handle(key: .control("s")), .POST)
        let effects = model.handle(response: Self.refused, for: post.id)
        Self.expectQueued(effects, model, key: post.id, kind: .create)
        #expect(model.createForm == nil)
        #expect(OfflineTests.line(model, with: "Unsent").hasPrefix("✚"))
        let online = try OfflineTests.comeOnline(&model, effects)
        let posts = Fixtures.sentRequests(online).filter { $0.method == .POST }
        #expect(posts.count == 1)
        let body = try TypedFieldTests.body(try #require(posts.first))
        #expect(body["LastName"] as? String == "Unsent")
        #expect(body["Email"] as? String == "u@example.com")
    }

    @Test("a queued create keeps the Id its reference name resolved to: the synced-up POST carries it")
    func queuedCreateKeepsReference() throws {
        var model = try Self.online(query: TypedFieldTests.query)
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("c"))).first)
        _ = model.handle(response: TypedFieldTests.describe, for: describe.id)
        _ = Fixtures.type("Okafor", into: &model)
        for _ in 0..<4 { _ = model.handle(key: .tab) }
        _ = Fixtures.type("Acme Corp", into: &model)
        let lookup = try #require(Fixtures.sentRequests(model.handle(key: .control("s"))).first)
        let one = Fixtures.page([
            ["attributes": ["type": "Account"], "Id": TypedFieldTests.accountA, "Name": "Acme Corp"]
        ])
        let post = try Self.sent(model.handle(response: one, for: lookup.id), .POST)
        let effects = model.handle(response: Self.refused, for: post.id)
        let queued = try #require(OfflineTests.queued(effects).first)
        #expect(queued.body["AccountId"] == .string(TypedFieldTests.accountA))
        // A restart takes the body up from the outbox, and the sync up sends it as it is.
        var restarted = ContactListModel(
            query: TypedFieldTests.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        restarted.visibleRowCount = 10
        restarted.journalsChanges = true
        _ = restarted.resumeQueuedChanges([queued])
        let page = try #require(Fixtures.sentRequests(restarted.start()).first)
        let synced = restarted.handle(response: Fixtures.page((0..<2).map(TypedFieldTests.record)), for: page.id)
        let sentPost = try Self.sent(synced, .POST)
        let body = try TypedFieldTests.body(sentPost)
        #expect(body["AccountId"] as? String == TypedFieldTests.accountA)
        #expect(body["LastName"] as? String == "Okafor")
    }

    @Test("no answer, then a read back that cannot reach the org: the delete stays pending and unknown, read when back")
    func unknownOutcomeWaitsForTheOrg() throws {
        var model = try Self.online()
        let delete = try Self.sent(model.handle(key: .character("d")), .DELETE)
        let read = try Self.sent(model.handle(response: .failure(.timedOut), for: delete.id), .GET)
        let effects = model.handle(response: Self.refused, for: read.id)
        #expect(model.offline.isOffline)
        #expect(OfflineTests.screen(model).contains("offline"))
        #expect(model.notices.alerts.isEmpty, "nothing is put back while the outcome is unknown")
        #expect(OfflineTests.forgotten(effects).isEmpty)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(model.outboxItems.map(\.stateName) == ["unknown"])
        let online = try OfflineTests.comeOnline(&model, effects)
        let again = try #require(Fixtures.sentRequests(online).first { $0.path.hasSuffix(Fixtures.id(0)) })
        #expect(again.method == .GET, "read again, never deleted again")
        let settled = model.handle(response: Fixtures.refusal(404, "NOT_FOUND", "not found"), for: again.id)
        #expect(OfflineTests.forgotten(settled) == [delete.id])
        #expect(model.confirmedDeletedIDs.contains(Fixtures.id(0)))
        #expect(model.notices.alerts.isEmpty)
    }

    @Test("a bulk delete's requests that all find the org unreachable: the status counts the whole bulk delete")
    func bulkDeleteQueuedOverRequests() throws {
        var (model, first, second) = try BulkDeleteTests.twoRequestBulkDelete(journalsChanges: true)
        _ = model.handle(response: Self.refused, for: first.id)
        #expect(
            model.notices.statusMessage
                == "Queued 200 contacts to delete: the org cannot be reached; sent when it answers (x takes one back)")
        _ = model.handle(response: Self.refused, for: second.id)
        #expect(
            model.notices.statusMessage
                == "Queued 201 contacts to delete: the org cannot be reached; sent when it answers (x takes one back)")
        #expect(model.offline.entries.count == 201)
        #expect(model.changes.bulkTallies.isEmpty)
    }

    /// The status line as drawn, wide enough for the whole message.
    static func statusLine(_ model: ContactListModel) -> String {
        let frame = ContactListScreen(model: model).frame(width: 240, height: 16).text
        return frame.split(separator: "\n").first { $0.contains(" cached ·") || $0.contains(" loaded ·") }
            .map(String.init) ?? ""
    }

    @Test(
        "a bulk delete's request that finds the org unreachable after another settled: both on the status line, with U")
    func bulkDeleteQueuedAfterDeleted() throws {
        var (model, first, second) = try BulkDeleteTests.twoRequestBulkDelete(journalsChanges: true)
        let deleted = Fixtures.collectionIDs(first)
        _ = model.handle(response: Fixtures.collectionResults(ids: deleted), for: first.id)
        _ = model.handle(response: Self.refused, for: second.id)
        #expect(
            Self.statusLine(model).hasSuffix(
                " · Deleted 200 contacts · U undo; queued the delete of Contact 0200: the org cannot be reached; sent "
                    + "when it answers (x takes it back)"))
        #expect(OfflineTests.line(model, with: "Contact 0200").hasPrefix("✖"))
        #expect(model.changes.bulkTallies.isEmpty)
        // U brings back what was deleted (queued, as the org is out of reach), not the queued delete.
        let undo = OfflineTests.queued(model.handle(key: .character("U")))
        #expect(Set(undo.map(\.record.id)) == Set(deleted))
        #expect(undo.allSatisfy { $0.kind == .undelete })
        #expect(Self.statusLine(model).contains(" · Queued 200 contacts to restore (offline"))
    }

    @Test("a bulk delete's request answered after another found the org unreachable: both on the status line, with U")
    func bulkDeleteDeletedAfterQueued() throws {
        var (model, first, second) = try BulkDeleteTests.twoRequestBulkDelete(journalsChanges: true)
        _ = model.handle(response: Self.refused, for: first.id)
        _ = model.handle(response: Fixtures.collectionResults(ids: Fixtures.collectionIDs(second)), for: second.id)
        #expect(
            Self.statusLine(model).hasSuffix(
                " · Deleted 1 contact · U undo; 200 contacts queued until the org answers (x takes one back)"))
        #expect(model.changes.bulkTallies.isEmpty)
        #expect(model.offline.entries.count == 200)
    }
}
