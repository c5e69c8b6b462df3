import Foundation
import RestCore
import Testing

@testable import ContactList

/// What a start after `kill -9` finds: the replica's rows (the org's, as last read) and the
/// outbox's changes (each with the org's values). Found by the delete property test's crashes.
@Suite("A start after a crash: kept rows and left changes")
struct RestartAfterCrashTests {
    /// The records of the pages the `keepRows` effects among `effects` keep.
    static func kept(_ effects: [ContactListEffect]) -> [JSONValue] {
        effects.flatMap { effect -> [JSONValue] in
            if case .keepRows(let kept) = effect, case .page(let records, _, _) = kept.change { records } else { [] }
        }
    }

    /// A left delete of contact `index` as the outbox gives it back, its row showing `title`.
    static func leftDelete(_ index: Int, title: String) -> DurableChange {
        let values = ["Contact \(String(format: "%04d", index))", title, "c\(index)@example.com", "", "Account 0"]
        return DurableChange(
            requestID: RestRequestID(), kind: .delete,
            record: ContactRecord(
                id: Fixtures.id(index), objectType: "Contact", displayName: values[0], values: values),
            query: Fixtures.query)
    }

    @Test("the replica keeps the org's value of a field whose edit is in flight, and a pending delete's row")
    func keptRowsAreTheOrgs() throws {
        var model = try EditTests.model()
        model.keepsRows = true
        _ = try EditTests.edit(&model, to: "new@example.com")
        _ = model.handle(key: .character("j"))
        _ = model.handle(key: .character("d"))
        let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        let effects = model.handle(response: Fixtures.page((0..<5).map { Fixtures.contact($0) }), for: refresh.id)
        #expect(EditTests.email(model) == "new@example.com", "the row shows the edit in flight")
        let kept = Self.kept(effects)
        #expect(kept.map { $0["Id"]?.stringValue } == (0..<5).map(Fixtures.id), "the pending delete's row is kept")
        #expect(kept.first?["Email"]?.stringValue == "c0@example.com", "the org's value, not the edit's")
    }

    @Test("a run sorted with s is not kept: the replica holds rows in the query's own order")
    func sortedRunIsNotKept() throws {
        var model = Fixtures.loadedModel(count: 3)
        model.keepsRows = true
        let sort = try #require(Fixtures.sentRequests(model.handle(key: .character("s"))).first)
        let effects = model.handle(
            response: Fixtures.page((0..<3).reversed().map { Fixtures.contact($0) }), for: sort.id)
        #expect(model.run.sort != nil)
        #expect(Self.kept(effects).isEmpty)
    }

    @Test("the outbox keeps a deleted row with the org's value of a field whose edit is in flight")
    func outboxKeepsTheOrgsValues() throws {
        var model = try EditTests.model()
        model.journalsChanges = true
        _ = try EditTests.edit(&model, to: "new@example.com")
        let effects = model.handle(key: .character("d"))
        let change = try #require(JournaledChangesTests.recorded(effects).changes.first)
        #expect(change.kind == .delete)
        #expect(change.record.value(at: 2) == "c0@example.com")
        #expect(
            model.deleteRequests.values.first?.record.value(at: 2) == "new@example.com", "a rollback shows the edit")
    }

    @Test("the outbox keeps an undeleted row with the org's value of a field whose edit is in flight")
    func undeleteKeepsTheOrgsValues() throws {
        var model = try EditTests.model()
        model.journalsChanges = true
        _ = try EditTests.edit(&model, to: "new@example.com")
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        let effects = model.handle(key: .character("U"))
        let change = try #require(JournaledChangesTests.recorded(effects).changes.first { $0.kind == .undelete })
        #expect(change.record.value(at: 2) == "c0@example.com")
    }

    @Test("a left delete found in the org comes back with the org's values, read whole")
    func leftDeletePutBackWithOrgValues() throws {
        var model = Fixtures.loadedModel(count: 0)
        let effects = model.resumeLeftChanges([Self.leftDelete(3, title: "Never saved")])
        let read = try #require(Fixtures.sentRequests(effects).first)
        #expect(read.method == .GET && read.path.hasSuffix(Fixtures.id(3)))
        #expect(!read.queryItems.contains { $0.name == "fields" }, "every field of the record")
        var record = Fixtures.contact(3)
        record["Title"] = "Org title"
        let body = try JSONSerialization.data(withJSONObject: record)
        _ = model.handle(response: .success(RestResponse(status: 200, headers: [:], body: Array(body))), for: read.id)
        #expect(model.dataRows.map { $0.value(at: 1) } == ["Org title"])
        #expect(model.dataRows.first?.value(at: 4) == "Account 0", "a relationship's column keeps the row's text")
        #expect(model.notices.alerts.map(\.message) == ["1 not deleted — put back"])
    }

    @Test("a left delete whose read gets no answer stays pending and unknown; r reads it again in a round of its own")
    func leftDeleteReadWithoutAnswer() throws {
        var model = Fixtures.loadedModel(count: 0)
        let read = try #require(Fixtures.sentRequests(model.resumeLeftChanges([Self.leftDelete(3, title: "T")])).first)
        #expect(Fixtures.sentRequests(model.handle(response: .failure(.timedOut), for: read.id)).isEmpty)
        // Neither put back nor dropped: the row stays hidden, pending, and `p` says unknown.
        #expect(model.dataRows.isEmpty)
        #expect(model.deleteRequests.values.map(\.record.id) == [Fixtures.id(3)])
        #expect(model.outboxItems.map(\.isUnknown) == [true])
        #expect(model.notices.alerts.map(\.message) == ["1 unknown, no answer — still pending; r reads again"])
        _ = model.handle(key: .enter)

        let again = try #require(
            Fixtures.sentRequests(model.handle(key: .character("r"))).first { $0.path == read.path })
        _ = model.handle(response: Fixtures.refusal(404, "NOT_FOUND"), for: again.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.confirmedDeletedIDs == [Fixtures.id(3)])
        #expect(model.notices.alerts.map(\.message) == ["1 deleted"])
    }

    @Test("a left delete put back shows an edit of the record still queued from an offline session")
    func leftDeletePutBackShowsQueuedEdit() throws {
        var model = Fixtures.loadedModel(count: 0)
        model.journalsChanges = true
        let left = Self.leftDelete(3, title: "Title 3")
        _ = model.resumeQueuedChanges([
            DurableChange(
                requestID: RestRequestID(), kind: .update, record: left.record, query: Fixtures.query, field: "Title",
                value: "Queued title", state: .queued)
        ])
        let read = try #require(Fixtures.sentRequests(model.resumeLeftChanges([left])).first)
        _ = model.handle(response: Fixtures.retrieved(3), for: read.id)
        #expect(model.dataRows.map { $0.value(at: 1) } == ["Queued title"])
    }

    @Test(
        "a left undelete's row does not keep the kept rows off; left deletes put back come back in the query's order")
    func leftDeletesPutBackInOrder() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: Fixtures.client())
        model.visibleRowCount = 10
        let cached = try (0..<5).map { index in
            try JSONDecoder().decode(
                JSONValue.self, from: JSONSerialization.data(withJSONObject: Fixtures.contact(index)))
        }
        let restored = ContactRecord(id: Fixtures.id(6), objectType: "Contact", displayName: "Contact 0006", values: [])
        let effects = model.resumeLeftChanges([
            Self.leftDelete(3, title: "Title 3"), Self.leftDelete(1, title: "Title 1"),
            DurableChange(requestID: RestRequestID(), kind: .undelete, record: restored, query: Fixtures.query),
        ])
        model.showCachedRows(cached, age: "just now")
        #expect(model.dataRows.map(\.id) == [6, 0, 2, 4].map(Fixtures.id))
        let reads = Fixtures.sentRequests(effects).filter { $0.method == .GET && $0.path.contains("/sobjects/") }
        for index in [3, 1] {
            let read = try #require(reads.first { $0.path.hasSuffix(Fixtures.id(index)) })
            _ = model.handle(response: Fixtures.retrieved(index), for: read.id)
        }
        #expect(model.dataRows.map(\.id) == [1, 3, 6, 0, 2, 4].map(Fixtures.id), "on top, in the query's order")
        #expect(model.notices.alerts.map(\.message) == ["2 not deleted — put back"])
    }
}
