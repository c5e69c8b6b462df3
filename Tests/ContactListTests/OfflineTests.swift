import Foundation
import RestCore
import Testing

@testable import ContactList

/// Offline: the list opens from the replica when the org cannot be reached (or with `--offline`),
/// `d`, `e` and `c` queue in the outbox with a badge on their rows, `x` takes one back, and when
/// the org answers again the queue syncs up in MobileSync's order with leave-if-changed.
@Suite("Offline: queued changes and sync up")
struct OfflineTests {
    static let readAt = "2026-11-26T10:00:00.000+0000"
    static let changedAt = "2026-11-26T11:30:05.000+0000"
    static let refused: Result<RestResponse, RestClientError> = .failure(
        .transportFailed(host: "127.0.0.1", reason: "connection refused"))

    /// The replica's copy of contact `index`, read at `readAt`.
    static func cached(_ index: Int) -> [String: Any] {
        var record = Fixtures.contact(index)
        record["LastModifiedDate"] = readAt
        return record
    }

    static func json(_ record: [String: Any]) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: JSONSerialization.data(withJSONObject: record))
    }

    /// A model showing three cached rows whose first page found the org unreachable.
    static func offline() throws -> (model: ContactListModel, effects: [ContactListEffect]) {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.keepsRows = true
        model.showCachedRows(try (0..<3).map { try json(cached($0)) }, age: "2 h ago")
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let effects = model.handle(response: refused, for: first.id)
        return (model, effects)
    }

    static func screen(_ model: ContactListModel, repertoire: CharacterRepertoire = .unicode) -> String {
        var buffer = CellBuffer(width: 100, height: 16, repertoire: repertoire)
        ContactListScreen(model: model).render(area: buffer.area, buffer: &buffer)
        return buffer.text
    }

    /// The screen line of the row that shows `text`.
    static func line(
        _ model: ContactListModel, with text: String, repertoire: CharacterRepertoire = .unicode
    )
        -> String
    {
        screen(model, repertoire: repertoire).split(separator: "\n").first { $0.contains(text) }.map(String.init) ?? ""
    }

    static func probes(_ effects: [ContactListEffect]) -> [(RestRequest, Duration)] {
        effects.compactMap { if case .sendAfter(let request, let delay) = $0 { (request, delay) } else { nil } }
    }

    static func queued(_ effects: [ContactListEffect]) -> [DurableChange] {
        effects.compactMap { if case .recordChange(let change) = $0 { change } else { nil } }
    }

    static func forgotten(_ effects: [ContactListEffect]) -> [RestRequestID] {
        effects.compactMap { if case .forgetChange(let key) = $0 { key } else { nil } }
    }

    /// Queues the delete of the selected row, an edit of row 1's Email and a new contact.
    static func queueOneOfEach(_ model: inout ContactListModel) throws -> [ContactListEffect] {
        var effects = model.handle(key: .character("d"))
        effects += model.handle(key: .down)
        for _ in 0..<2 { effects += model.handle(key: .character("l")) }
        effects += model.handle(key: .character("e"))
        #expect(model.fieldEditor != nil)
        effects += model.handle(key: .control("u"))
        effects += Fixtures.type("mine@example.com", into: &model)
        effects += model.handle(key: .enter)
        effects += model.handle(key: .character("c"))
        effects += Fixtures.type("Queued", into: &model)
        effects += model.handle(key: .control("s"))
        return effects
    }

    /// The probe's answer that finds the org again.
    static let versions: Result<RestResponse, RestClientError> = .success(
        RestResponse(status: 200, headers: [:], body: Array("[]".utf8)))

    /// Brings the model back online through its probe; the effects of the answer.
    static func comeOnline(
        _ model: inout ContactListModel, _ offlineEffects: [ContactListEffect]
    ) throws
        -> [ContactListEffect]
    {
        let probe = try #require(probes(offlineEffects).first?.0)
        return model.handle(response: versions, for: probe.id)
    }

    static func soql(_ request: RestRequest) -> String { request.queryItems.first { $0.name == "q" }?.value ?? "" }

    /// The delete check's answer: each id with its LastModifiedDate.
    static func checked(
        _ records: [(Int, String)], by name: String = "Jane Roe"
    ) -> Result<RestResponse, RestClientError> {
        Fixtures.page(
            records.map { index, date in
                var record = Fixtures.contact(index)
                record["LastModifiedDate"] = date
                record["LastModifiedBy"] = ["attributes": ["type": "User"], "Name": name]
                if date != readAt { record["Title"] = "Changed title" }
                return record
            })
    }

    @Test("the org unreachable at start: the cached rows stay, the header says offline, a probe waits 2 s, then 4 s")
    func unreachableAtStart() throws {
        var (model, effects) = try Self.offline()
        #expect(model.offline.isOffline)
        #expect(model.dataRows.count == 3)
        #expect(Self.screen(model).contains("offline · cached 2 h ago"))
        #expect(model.notices.statusMessage == "Offline: changes queue until the org answers; r tries now.")
        let (probe, delay) = try #require(Self.probes(effects).first)
        #expect(probe.path == "/services/data/")
        #expect(delay == .seconds(2))
        let again = model.handle(response: Self.refused, for: probe.id)
        #expect(Self.probes(again).map(\.1) == [.seconds(4)])
        effects = again
        for _ in 0..<6 {
            effects = model.handle(
                response: .failure(.transportFailed(host: "127.0.0.1", reason: "the connection timed out")),
                for: try #require(Self.probes(effects).first).0.id)
        }
        #expect(Self.probes(effects).map(\.1) == [.seconds(60)])
    }

    @Test("--offline sends nothing at all, not even a probe; r says so; no replica rows: an empty list with why")
    func offlineFlagSendsNothing() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.startOffline()
        #expect(model.start().isEmpty)
        #expect(model.handle(key: .character("r")).isEmpty)
        #expect(model.notices.statusMessage.hasPrefix("Offline (--offline): nothing is sent"))
        #expect(
            Self.screen(model).contains(
                "Offline: this machine keeps no rows of this list; open it once while the org answers."))
        #expect(Self.screen(model).contains("offline"))
    }

    @Test("d, e and c queue: nothing is sent, the rows show the change with ✖ ✎ ✚, and each is in the outbox as queued")
    func queueing() throws {
        var (model, _) = try Self.offline()
        let effects = try Self.queueOneOfEach(&model)
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(Self.probes(effects).isEmpty)
        let changes = Self.queued(effects)
        #expect(changes.map(\.kind) == [.delete, .update, .create])
        #expect(changes.allSatisfy { $0.state == .queued })
        #expect(changes[0].record.lastModifiedDate == Self.readAt)
        #expect(changes[1].value == "mine@example.com" && changes[1].field == "Email")
        #expect(changes[2].typed == ["LastName": "Queued"])
        // The deleted row stays shown, marked, as MobileSyncExplorer shows a locally deleted record.
        #expect(model.dataRows.count == 4)
        #expect(Self.line(model, with: "Contact 0000").hasPrefix("✖"))
        #expect(Self.line(model, with: "mine@example.com").hasPrefix("✎"))
        #expect(Self.line(model, with: "Queued").hasPrefix("✚"))
        #expect(Self.line(model, with: "Contact 0000", repertoire: .ascii).hasPrefix("x"))
        #expect(Self.line(model, with: "mine@example.com", repertoire: .ascii).hasPrefix("~"))
        #expect(Self.line(model, with: "Queued", repertoire: .ascii).hasPrefix("+"))
    }

    @Test("a marked bulk delete queues each record's delete: the rows stay, marked ✖, the marks cleared, nothing sent")
    func bulkDeleteQueues() throws {
        var (model, _) = try Self.offline()
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character(" "))
        _ = model.handle(key: .character("d"))
        let effects = model.handle(key: .character("y"))
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(Self.queued(effects).map(\.record.id) == [Fixtures.id(0), Fixtures.id(1)])
        #expect(model.dataRows.count == 3)
        #expect(Self.line(model, with: "Contact 0000").hasPrefix("✖"))
        #expect(Self.line(model, with: "Contact 0001").hasPrefix("✖"))
        #expect(!model.isMarked(Fixtures.id(0)))
        #expect(model.notices.statusMessage.hasPrefix("Queued 2 contacts to delete"))
        // A row whose delete is queued refuses an edit: x takes the delete back first.
        _ = model.handle(key: .character("g"))
        #expect(model.handle(key: .character("e")).isEmpty)
        #expect(model.fieldEditor == nil)
        #expect(model.notices.statusMessage.hasSuffix("delete is queued; x takes it back."))
    }

    @Test("p lists each queued change with its state and record")
    func outboxListsQueued() throws {
        var (model, _) = try Self.offline()
        _ = try Self.queueOneOfEach(&model)
        _ = model.handle(key: .character("p"))
        let screen = Self.screen(model)
        #expect(screen.contains("delete   queued   Contact 0000 (\(Fixtures.id(0)))"))
        #expect(screen.contains("edit     queued   Contact 0001 (\(Fixtures.id(1))) · Email"))
        #expect(screen.contains("create   queued   Queued"))
    }

    @Test("x discards a queued change: the row is back as the replica holds the org's copy, the entry forgotten")
    func discard() throws {
        var (model, _) = try Self.offline()
        let effects = try Self.queueOneOfEach(&model)
        let keys = Self.queued(effects).map(\.requestID)
        // The new record is on top: x takes it off the list.
        _ = model.handle(key: .character("g"))
        var discarded = model.handle(key: .character("x"))
        #expect(Self.forgotten(discarded) == [keys[2]])
        #expect(!model.dataRows.contains { $0.displayName == "Queued" })
        _ = model.handle(key: .character("g"))
        discarded = model.handle(key: .character("x"))
        #expect(Self.forgotten(discarded) == [keys[0]])
        #expect(!Self.line(model, with: "Contact 0000").hasPrefix("✖"))
        _ = model.handle(key: .down)
        _ = model.handle(key: .character("p"))
        discarded = model.handle(key: .character("x"))
        #expect(Self.forgotten(discarded) == [keys[1]])
        #expect(EditTests.email(model, row: 1) == "c1@example.com")
        #expect(model.offline.entries.isEmpty)
        #expect(model.handle(key: .character("x")).isEmpty)
    }

    @Test(
        "back online: the deletes are checked first, then DELETE, POST, PATCH go in that order, then the list reloads")
    func syncOrder() throws {
        var (model, offlineEffects) = try Self.offline()
        _ = try Self.queueOneOfEach(&model)
        let online = try Self.comeOnline(&model, offlineEffects)
        let check = try #require(Fixtures.sentRequests(online).first)
        #expect(Fixtures.sentRequests(online).count == 1)
        #expect(Self.soql(check).hasPrefix("SELECT Id, LastModifiedDate, LastModifiedBy.Name"))
        #expect(Self.soql(check).contains("WHERE Id IN ('\(Fixtures.id(0))')"))
        #expect(!model.offline.isOffline)
        let sent = Fixtures.sentRequests(model.handle(response: Self.checked([(0, Self.readAt)]), for: check.id))
        #expect(sent.map(\.method) == [.DELETE, .POST, .PATCH])
        #expect(ConflictTests.header(sent[2], "If-Unmodified-Since") == "Thu, 26 Nov 2026 10:00:00 GMT")
        // The list is read again once the org has answered them all (and the reads after saves).
        var reads = Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: sent[0].id))
        reads += Fixtures.sentRequests(
            model.handle(response: CreateTests.created("003000000000099AAA"), for: sent[1].id))
        #expect(!reads.contains { Self.soql($0).contains("ORDER BY Name") })
        reads += Fixtures.sentRequests(model.handle(response: Fixtures.noContent, for: sent[2].id))
        #expect(reads.filter { Self.soql($0).contains("FROM Contact ORDER BY Name") }.count == 1)
        #expect(model.offline.entries.isEmpty)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
    }

    @Test("a delete whose record changed in the org is not sent; its alert shows both; Enter keeps the org's")
    func deleteConflictKeepsTheirs() throws {
        var (model, offlineEffects) = try Self.offline()
        _ = model.handle(key: .character("d"))
        let check = try #require(Fixtures.sentRequests(try Self.comeOnline(&model, offlineEffects)).first)
        let answered = model.handle(response: Self.checked([(0, Self.changedAt)]), for: check.id)
        #expect(!Fixtures.sentRequests(answered).contains { $0.method == .DELETE })
        #expect(Self.queued(answered).map(\.state) == [.conflict])
        let alert = try #require(model.notices.alerts.first)
        #expect(alert.message.contains("Contact 0000 was changed by Jane Roe at 2026-11-26 11:30:05 UTC"))
        #expect(alert.message.contains("Title: \"Title 0\" → \"Changed title\""))
        #expect(alert.message.contains("your change: delete"))
        let kept = model.handle(key: .enter)
        #expect(Self.forgotten(kept).count == 1)
        #expect(Fixtures.sentRequests(kept).isEmpty)
        #expect(model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(model.offline.entries.isEmpty)
    }

    /// A list of one kept row whose copy does not say when it last changed (kept by an older
    /// build), gone offline at start; and the effects of going offline.
    static func offlineWithDatelessCopy() throws -> (ContactListModel, [ContactListEffect]) {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.keepsRows = true
        model.showCachedRows([try Self.json(Fixtures.contact(0))], age: "2 h ago")
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let offlineEffects = model.handle(response: Self.refused, for: first.id)
        return (model, offlineEffects)
    }

    @Test("a delete of a copy kept without its LastModifiedDate is never sent blindly: it asks")
    func deleteWithoutDateAsks() throws {
        var (model, offlineEffects) = try Self.offlineWithDatelessCopy()
        _ = model.handle(key: .character("d"))
        let check = try #require(Fixtures.sentRequests(try Self.comeOnline(&model, offlineEffects)).first)
        let answered = model.handle(response: Self.checked([(0, Self.readAt)]), for: check.id)
        #expect(!Fixtures.sentRequests(answered).contains { $0.method == .DELETE })
        #expect(model.notices.alerts.first?.message.contains("your copy does not say when it last changed") == true)
    }

    @Test("p shows a delete in conflict as such while its alert waits")
    func outboxShowsConflict() throws {
        var (model, offlineEffects) = try Self.offline()
        _ = model.handle(key: .character("d"))
        let check = try #require(Fixtures.sentRequests(try Self.comeOnline(&model, offlineEffects)).first)
        #expect(model.outboxItems.map(\.stateName) == ["checking"])
        _ = model.handle(response: Self.checked([(0, Self.changedAt)]), for: check.id)
        #expect(model.outboxItems.map(\.stateName) == ["conflict"])
    }

    @Test("o on a delete's conflict deletes after all, conditioned on the org's new LastModifiedDate")
    func deleteConflictApplyMine() throws {
        var (model, offlineEffects) = try Self.offline()
        _ = model.handle(key: .character("d"))
        let check = try #require(Fixtures.sentRequests(try Self.comeOnline(&model, offlineEffects)).first)
        _ = model.handle(response: Self.checked([(0, Self.changedAt)]), for: check.id)
        let again = try #require(Fixtures.sentRequests(model.handle(key: .character("o"))).first)
        #expect(Self.soql(again).contains("WHERE Id IN ('\(Fixtures.id(0))')"))
        // Changed a third time meanwhile: a conflict again, nothing sent.
        let third = model.handle(
            response: Self.checked([(0, "2026-11-26T12:00:00.000+0000")]), for: again.id)
        #expect(!Fixtures.sentRequests(third).contains { $0.method == .DELETE })
        let last = try #require(Fixtures.sentRequests(model.handle(key: .character("o"))).first)
        let sent = Fixtures.sentRequests(
            model.handle(response: Self.checked([(0, "2026-11-26T12:00:00.000+0000")]), for: last.id))
        #expect(sent.first?.method == .DELETE)
        #expect(sent.first?.path.hasSuffix(Fixtures.id(0)) == true)
    }

    @Test("o on a delete's conflict writes the choice to the outbox at once, with the org's new LastModifiedDate")
    func deleteConflictChoiceIsJournalled() throws {
        var (model, offlineEffects) = try Self.offline()
        _ = model.handle(key: .character("d"))
        let check = try #require(Fixtures.sentRequests(try Self.comeOnline(&model, offlineEffects)).first)
        _ = model.handle(response: Self.checked([(0, Self.changedAt)]), for: check.id)
        let written = model.handle(key: .character("o")).compactMap { effect -> DurableChange? in
            if case .recordChange(let change) = effect { return change }
            return nil
        }
        #expect(written.count == 1)
        #expect(written.first?.record.lastModifiedDate == Self.changedAt)
        #expect(written.first?.state == .queued)
    }

    /// Queues an edit of the first row's Email to "mine@example.com", then brings the org back:
    /// the PATCH the sync up sends.
    static func queueEmailEditAndComeOnline(
        _ model: inout ContactListModel, _ offlineEffects: [ContactListEffect]
    ) throws -> RestRequest {
        for _ in 0..<2 { _ = model.handle(key: .character("l")) }
        _ = model.handle(key: .character("e"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("mine@example.com", into: &model)
        _ = model.handle(key: .enter)
        let online = try Self.comeOnline(&model, offlineEffects)
        return try #require(Fixtures.sentRequests(online).first { $0.method == .PATCH })
    }

    @Test("a queued edit's 412 shows the org's value and keeps it on Enter; o writes mine on the new date")
    func updateConflict() throws {
        var (model, offlineEffects) = try Self.offline()
        let patch = try Self.queueEmailEditAndComeOnline(&model, offlineEffects)
        #expect(ConflictTests.header(patch, "If-Unmodified-Since") == "Thu, 26 Nov 2026 10:00:00 GMT")
        let read = try #require(
            Fixtures.sentRequests(model.handle(response: ConflictTests.preconditionFailed, for: patch.id)).first)
        _ = model.handle(response: ConflictTests.readBack(email: "theirs@example.com"), for: read.id)
        let alert = try #require(model.notices.alerts.first)
        #expect(alert.message.contains("\"theirs@example.com\""))
        #expect(alert.message.contains("\"mine@example.com\""))
        #expect(EditTests.email(model) == "theirs@example.com")
        let overwrite = try #require(Fixtures.sentRequests(model.handle(key: .character("o"))).first)
        #expect(overwrite.method == .PATCH)
        #expect(ConflictTests.header(overwrite, "If-Unmodified-Since") == "Thu, 26 Nov 2026 11:30:05 GMT")
    }

    @Test("a queued edit of a copy kept without its LastModifiedDate is conditioned on 1970: the org's 412 asks")
    func updateWithoutDateAsks() throws {
        var (model, offlineEffects) = try Self.offlineWithDatelessCopy()
        let patch = try Self.queueEmailEditAndComeOnline(&model, offlineEffects)
        #expect(ConflictTests.header(patch, "If-Unmodified-Since") == "Thu, 01 Jan 1970 00:00:00 GMT")
    }

    @Test("a restart takes up queued changes: shown with badges, nothing sent, never read back as in flight")
    func restartWithQueued() throws {
        var (first, _) = try Self.offline()
        let queued = Self.queued(try Self.queueOneOfEach(&first))
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.journalsChanges = true
        model.keepsRows = true
        let resumed = model.resumeQueuedChanges(queued)
        #expect(Fixtures.sentRequests(resumed).isEmpty)
        #expect(Self.queued(resumed).map(\.kind) == [.delete, .update, .create])
        #expect(Self.queued(resumed).allSatisfy { $0.state == .queued })
        #expect(model.changes.isEmpty)
        model.showCachedRows(try (0..<3).map { try Self.json(Self.cached($0)) }, age: "1 min ago")
        #expect(Self.line(model, with: "Contact 0000").hasPrefix("✖"))
        #expect(Self.line(model, with: "mine@example.com").hasPrefix("✎"))
        #expect(Self.line(model, with: "Queued").hasPrefix("✚"))
        #expect(model.notices.statusMessage == "From the last session: 3 queued changes, not sent yet")
        // The org answers the first page: the queue syncs up, its deletes checked first.
        let page = try #require(Fixtures.sentRequests(model.start()).first)
        let answered = model.handle(response: Fixtures.page((0..<3).map(Self.cached)), for: page.id)
        #expect(
            Fixtures.sentRequests(answered).map { Self.soql($0).hasPrefix("SELECT Id, LastModifiedDate") } == [true])
        #expect(EditTests.email(model, row: 1) == "mine@example.com")
    }

    @Test("offline, w says it needs the org (it reads the records again by id) and asks for no path")
    func exportWaitsForTheOrg() throws {
        var (model, _) = try Self.offline()
        #expect(model.handle(key: .character("w")).isEmpty)
        #expect(model.exportPathField == nil)
        #expect(model.notices.statusMessage.hasPrefix("Offline: w reads the records again from the org"))
    }

    @Test("offline without a durable outbox, d refuses: a change that could not survive a quit is not queued")
    func noOutboxNoQueue() throws {
        var (model, _) = try Self.offline()
        model.journalsChanges = false
        #expect(model.handle(key: .character("d")).isEmpty)
        #expect(model.notices.statusMessage == "Offline, and changes cannot be kept on disk: d, e and c are off.")
        #expect(model.offline.entries.isEmpty)
    }
}
