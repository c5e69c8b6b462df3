import Foundation
import Replica
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// Random interleavings of keys and network outcomes, checked against the
/// invariants of delete with rollback after every step.
@Suite("Delete with rollback: model-based property")
struct DeletePropertyTests {
    /// Whether `request` is a page of the list (a refresh once a sync up settled may go out in
    /// the same turn as a read-back, so the order of requests alone cannot tell them apart).
    static func isPage(_ request: RestRequest, of model: ContactListModel) -> Bool {
        switch model.inFlight[request.id] {
        case .firstPage?, .nextPage?: return true
        default: return false
        }
    }

    /// A request the fake server has not answered yet.
    struct Outstanding {
        enum Kind {
            case delete(recordIndex: Int)
            /// The read-back of a DELETE that got no answer; `applied` is what the server did.
            case readBack(recordIndex: Int, deleteID: RestRequestID, applied: Bool)
            /// A query page, read from the server when it was sent (answers may be stale).
            case page(snapshot: [Int], titles: [Int: String])
            /// The first page of a query `s` ordered by a column, up or down.
            case sortedPage(snapshot: [Int], descending: Bool, titles: [Int: String])
            /// A collection DELETE of the marked records, in the request's order.
            case bulkDelete(recordIndices: [Int])
            /// The `SELECT Id … WHERE Id IN` of a collection DELETE that got no answer; `applied`
            /// are the records the server deleted.
            case bulkReadBack(recordIndices: [Int], applied: Set<Int>)
            /// A PATCH of a record's Title.
            case update(recordIndex: Int, value: String)
            /// The read-back of a PATCH that got no answer; `applied` is what the server did.
            case updateReadBack(recordIndex: Int, updateID: RestRequestID, applied: Bool)
            /// An org search, answered from the records the server had when it was sent.
            case search(snapshot: [Int])
            /// The read of a record after its save, answered with the server's record then.
            case readAfterSave(recordIndex: Int)
            /// A SOAP undelete (`U`) of deleted records, in the request's order.
            case undelete(recordIndices: [Int])
            /// The `queryAll` of an undelete that got no answer; `applied` are the records the
            /// server restored.
            case undeleteReadBack(recordIndices: [Int], applied: Set<Int>)
            /// The read-back, at a new start, of a delete that a crashed process left in the outbox.
            case leftReadBack(recordIndex: Int, deleteID: RestRequestID)
            /// The probe that looks for the org while the list is offline.
            case probe
            /// The read of the records of queued deletes before a sync up sends them.
            case deleteCheck(recordIndices: [Int])
            /// Contact's describe.
            case describe
        }
        var id: RestRequestID
        var kind: Kind

        var isReadBack: Bool {
            if case .readBack = kind { return true }
            return false
        }
        /// The `deleteRequests` key of a single DELETE this item keeps pending.
        var pendingDelete: RestRequestID? {
            switch kind {
            case .delete: return id
            case .readBack(_, let deleteID, _), .leftReadBack(_, let deleteID): return deleteID
            default: return nil
            }
        }
        /// The `updateRequests` key this item keeps pending.
        var pendingUpdate: RestRequestID? {
            switch kind {
            case .update: return id
            case .updateReadBack(_, let updateID, _): return updateID
            default: return nil
            }
        }
    }

    static let names = ["Ann", "Åsa", "Bob", "Chloé", "Dan", "Zoë", "Émile", "山田", "Eve", "Anna", "Ben", "Zed"]

    /// Answers that say the record was not deleted.
    static let failures: [Result<RestResponse, RestClientError>] = [
        Fixtures.deleteFailed,
        Fixtures.refusal(403, "INSUFFICIENT_ACCESS_OR_READONLY"),
        Fixtures.refusal(400, "ENTITY_IS_LOCKED"),
        Fixtures.refusal(403, "REQUEST_LIMIT_EXCEEDED"),
        .failure(.transportFailed(host: "127.0.0.1", reason: "connection refused")),
        .failure(.cancelled),
        .failure(.decodingFailed("x")),
        .failure(.jsonSerialization("x")),
    ]

    /// Answers that say nothing about what the server did.
    static let noAnswers: [RestClientError] = DeleteOutcomeTests.noAnswers

    static let alreadyDeleted = Fixtures.refusal(404, "ENTITY_IS_DELETED", "entity is deleted")

    /// An org that cannot be reached.
    static let unreachable = RestClientError.transportFailed(host: "127.0.0.1", reason: "connection refused")

    /// The failures of `all` that roll a change back: with a durable outbox (`journaled`), a
    /// connection refused queues the change instead (`UnreachableChangeTests`).
    static func definite(
        _ all: [Result<RestResponse, RestClientError>], journaled: Bool
    ) -> [Result<RestResponse, RestClientError>] {
        guard journaled else { return all }
        return all.filter { if case .failure(let error) = $0 { !error.meansHostUnreachable } else { true } }
    }

    /// Failures of a whole SOAP undelete that say no record was restored.
    static let undeleteRefusals: [Result<RestResponse, RestClientError>] = [
        Fixtures.refusal(500, "INSUFFICIENT_ACCESS", "insufficient access rights on object id"),
        Fixtures.refusal(500, "INVALID_SESSION_ID", "Invalid Session ID found in SessionHeader"),
        .failure(.transportFailed(host: "127.0.0.1", reason: "connection refused")),
    ]

    /// Failures of a whole collection request that say no record was deleted.
    static let wholeRequestRefusals: [Result<RestResponse, RestClientError>] = [
        Fixtures.refusal(403, "INSUFFICIENT_ACCESS_OR_READONLY"),
        Fixtures.refusal(500, "UNKNOWN_EXCEPTION", "An unexpected error occurred."),
        .failure(.transportFailed(host: "127.0.0.1", reason: "connection refused")),
    ]

    @Test(
        "every record is shown, pending or confirmed deleted; no duplicates; one alert per failure", arguments: 0..<120)
    func interleavings(seed: UInt64) async throws {
        try run(seed: seed, orgSearch: false)
    }

    @Test(
        "the same, with pages left to load: org search results arrive among deletes", arguments: 0..<40)
    func searchInterleavings(seed: UInt64) async throws {
        try run(seed: seed, orgSearch: true)
    }

    @Test(
        "the same across crashes: each change in flight is in the outbox, a new start reads it back and never sends it again",
        arguments: 0..<60)
    func crashInterleavings(seed: UInt64) async throws {
        try run(seed: seed, orgSearch: false, crashes: true)
    }

    /// One random run. With `orgSearch`, the query's pages list only the first half of the records
    /// and always say more remain, so the filter's text searches the org, and the answers bring in
    /// the other half as the org search's rows. With `crashes`, the model journals its changes to a
    /// real outbox and keeps its pages in a real replica, and a step may kill it (`crash`).
    func run(seed: UInt64, orgSearch: Bool, crashes: Bool = false) throws {
        var random = SeededGenerator(seed: seed)
        let client = Fixtures.client()
        let count = Int.random(in: 1...12, using: &random)
        let universe = Array(0..<count)
        /// The records a page lists; the others only a search finds.
        let listed = Set(orgSearch ? universe.prefix(max(1, count / 2)) : universe[...])
        var server = Set(universe)
        /// The server's Title of each record, and every Title it ever had (a confirmed value).
        var titles = Dictionary(uniqueKeysWithValues: universe.map { ($0, "Title \($0)") })
        var everConfirmed = Dictionary(uniqueKeysWithValues: universe.map { ($0, Set(["Title \($0)"])) })
        var refusedTitles = Set<String>()
        func contact(_ index: Int, titles: [Int: String]) -> [String: Any] {
            var contact = Fixtures.contact(index, name: Self.names[index % Self.names.count] + " \(index)")
            contact["Title"] = titles[index]
            return contact
        }
        func page(
            _ indices: [Int], titles: [Int: String], descending: Bool = false
        ) -> Result<RestResponse, RestClientError> {
            let shown = indices.filter(listed.contains)
            return Fixtures.page(
                (descending ? shown.sorted(by: >) : shown.sorted()).map { contact($0, titles: titles) },
                nextRecordsUrl: orgSearch ? "/next" : nil)
        }
        func found(_ indices: [Int]) -> Result<RestResponse, RestClientError> {
            let body: [String: Any] = ["searchRecords": indices.sorted().map { contact($0, titles: titles) }]
            let data = try! JSONSerialization.data(withJSONObject: body)
            return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
        }
        /// The server's record, every field.
        func readRecord(_ index: Int) -> Result<RestResponse, RestClientError> {
            let body = try! JSONSerialization.data(withJSONObject: contact(index, titles: titles))
            return .success(RestResponse(status: 200, headers: [:], body: Array(body)))
        }
        func readTitle(_ index: Int) -> Result<RestResponse, RestClientError> {
            let body = try! JSONSerialization.data(withJSONObject: ["Id": Fixtures.id(index), "Title": titles[index]!])
            return .success(RestResponse(status: 200, headers: [:], body: Array(body)))
        }

        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: client)
        model.visibleRowCount = Int.random(in: 1...5, using: &random)
        var outstanding: [Outstanding] = []
        var confirmed = Set<Int>()
        /// Deleted on the server while the model, told the outcome is unknown, shows them until `r`.
        var ghosts = Set<Int>()
        var failuresDelivered = 0
        /// The DELETE being settled, whose read-back the model may send.
        var settling: (id: RestRequestID, index: Int, applied: Bool)?
        /// The DELETEs whose read-back got no answer: pending, their outcome unknown, until `r`
        /// (or the org back) reads them again.
        var unansweredReads = Set<RestRequestID>()
        /// Those of them left by a dead process: their copy is the dead process's row.
        var unansweredLeftReads = Set<RestRequestID>()
        /// The collection DELETEs whose reconciling query got no answer either, by their entries:
        /// pending, hidden, until `r` (or the org back) checks again.
        var unansweredBulkReads: [[RestRequestID]: (indices: [Int], applied: Set<Int>)] = [:]
        /// The collection DELETE being settled, whose reconciling query the model may send.
        var settlingBulk: (indices: [Int], applied: Set<Int>)?
        /// The PATCH being settled, whose read-back the model may send.
        var settlingUpdate: (id: RestRequestID, index: Int, applied: Bool)?
        /// The undelete being settled, whose reconciling `queryAll` the model may send.
        var settlingUndelete: (indices: [Int], applied: Set<Int>)?
        /// Records `U` ever took back: a sort that ran while one was deleted could not place it.
        var everRestored = Set<Int>()
        var alertsDismissed = 0
        /// With `crashes`, the outbox and the replica, which outlive each process.
        let durable = crashes ? try DurableFiles() : nil
        /// The DELETEs and PATCHes the org received for each record, over every process, and the
        /// ones the user asked for (a key that made a new pending entry): each is sent exactly once.
        var deletesSent: [Int: Int] = [:]
        var deletesAsked: [Int: Int] = [:]
        var updatesSent: [Int: Int] = [:]
        var updatesAsked: [Int: Int] = [:]
        func index(of id: String) -> Int { universe.first { Fixtures.id($0) == id }! }
        /// From a start until the org's first page has replaced the rows (a `keepRows` from 0).
        var awaitingFirstPage = false

        func record(_ effects: [ContactListEffect]) {
            do {
                try durable?.perform(effects)
            } catch {
                Issue.record("the outbox or the replica was not written: \(error)")
            }
            for case .keepRows(let kept) in effects {
                if case .page(_, firstPosition: 0, _) = kept.change { awaitingFirstPage = false }
            }
            // An undelete queued offline (`U`) shows its row at once: no longer confirmed gone.
            for case .recordChange(let change) in effects where change.kind == .undelete && change.state != .sent {
                confirmed.remove(index(of: change.record.id))
                everRestored.insert(index(of: change.record.id))
            }
            for request in Fixtures.sentRequests(effects) {
                if case .probe = model.inFlight[request.id] {
                    outstanding.append(Outstanding(id: request.id, kind: .probe))
                } else if case .syncUpDeleteCheck(let keys) = model.inFlight[request.id] {
                    let ids = keys.compactMap { key in model.offline.entries.first { $0.key == key }?.original.id }
                    outstanding.append(
                        Outstanding(id: request.id, kind: .deleteCheck(recordIndices: ids.map(index(of:)))))
                } else if case .describe = model.inFlight[request.id] {
                    outstanding.append(Outstanding(id: request.id, kind: .describe))
                } else if case .reconcileDelete(let deleteID) = model.inFlight[request.id], settling?.id != deleteID {
                    // A read that got no answer, sent again (`r`, the org back): the org holds
                    // the record unless the delete reached it.
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    #expect(unansweredReads.remove(deleteID) != nil, "a read sent again that had its answer")
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .readBack(recordIndex: index, deleteID: deleteID, applied: !server.contains(index))))
                } else if case .reconcileLeftDelete(let deleteID) = model.inFlight[request.id] {
                    // At a start, or sent again after it got no answer (`r`, the org back).
                    unansweredReads.remove(deleteID)
                    unansweredLeftReads.remove(deleteID)
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    outstanding.append(
                        Outstanding(id: request.id, kind: .leftReadBack(recordIndex: index, deleteID: deleteID)))
                } else if Fixtures.isUndelete(request) {
                    let indices = Fixtures.undeleteIDs(request).map { id in universe.first { Fixtures.id($0) == id }! }
                    // Out of the bin at once: shown (or pending), no longer confirmed gone.
                    confirmed.subtract(indices)
                    everRestored.formUnion(indices)
                    outstanding.append(Outstanding(id: request.id, kind: .undelete(recordIndices: indices)))
                } else if request.path.hasSuffix("/queryAll") {
                    let undo = try! #require(settlingUndelete, "a queryAll with no undelete to reconcile")
                    outstanding.append(
                        Outstanding(
                            id: request.id, kind: .undeleteReadBack(recordIndices: undo.indices, applied: undo.applied))
                    )
                } else if request.method == .DELETE, request.path.hasSuffix("/composite/sobjects") {
                    let indices = Fixtures.collectionIDs(request).map { id in universe.first { Fixtures.id($0) == id }!
                    }
                    for index in indices { deletesSent[index, default: 0] += 1 }
                    outstanding.append(Outstanding(id: request.id, kind: .bulkDelete(recordIndices: indices)))
                } else if case .reconcileBulkDelete(_, let entries) = model.inFlight[request.id], settlingBulk == nil,
                    let waiting = unansweredBulkReads.removeValue(forKey: entries)
                {
                    // A check that got no answer, sent again (`r`, the org back).
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .bulkReadBack(recordIndices: waiting.indices, applied: waiting.applied)))
                } else if let bulk = settlingBulk, request.path != "/next" {
                    let ids = bulk.indices.map { "'\(Fixtures.id($0))'" }.joined(separator: ",")
                    #expect(
                        request.queryItems.first { $0.name == "q" }?.value
                            == "SELECT Id FROM Contact WHERE Id IN (\(ids))", "reads back the same records")
                    outstanding.append(
                        Outstanding(
                            id: request.id, kind: .bulkReadBack(recordIndices: bulk.indices, applied: bulk.applied)))
                } else if request.method == .DELETE {
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    deletesSent[index, default: 0] += 1
                    outstanding.append(Outstanding(id: request.id, kind: .delete(recordIndex: index)))
                } else if request.method == .PATCH {
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    updatesSent[index, default: 0] += 1
                    let update = model.updateRequests[request.id]!
                    outstanding.append(
                        Outstanding(id: request.id, kind: .update(recordIndex: index, value: update.value)))
                } else if request.method == .GET, request.path.contains("/sobjects/"),
                    !request.queryItems.contains(where: { $0.name == "fields" })
                {
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    outstanding.append(Outstanding(id: request.id, kind: .readAfterSave(recordIndex: index)))
                } else if let update = settlingUpdate, request.path != "/next", !Self.isPage(request, of: model) {
                    #expect(request.path.hasSuffix(Fixtures.id(update.index)), "reads back the same record")
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .updateReadBack(
                                recordIndex: update.index, updateID: update.id, applied: update.applied)))
                } else if let delete = settling, request.path != "/next", !Self.isPage(request, of: model) {
                    #expect(request.path.hasSuffix(Fixtures.id(delete.index)), "reads back the same record")
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .readBack(recordIndex: delete.index, deleteID: delete.id, applied: delete.applied)))
                } else if let soql = request.queryItems.first(where: { $0.name == "q" })?.value,
                    soql.hasSuffix(" ASC") || soql.hasSuffix(" DESC")
                {
                    let descending = soql.hasSuffix(" DESC")
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .sortedPage(snapshot: Array(server), descending: descending, titles: titles)))
                } else {
                    // A next page lists nothing new: the records after the first page are found by search.
                    let snapshot = request.path == "/next" ? [] : Array(server)
                    outstanding.append(Outstanding(id: request.id, kind: .page(snapshot: snapshot, titles: titles)))
                }
            }
            for case .sendAfter(let request, _) in effects {
                if case .probe = model.inFlight[request.id] {
                    outstanding.append(Outstanding(id: request.id, kind: .probe))
                } else {
                    outstanding.append(Outstanding(id: request.id, kind: .search(snapshot: Array(server))))
                }
            }
        }
        /// The pending entries already counted as asked for (or as taken up from a dead process).
        var countedKeys = Set<RestRequestID>()
        func press(_ key: Key) {
            let before = model.alertEntryCount
            let deletes = Set(model.deleteRequests.keys)
            let updates = Set(model.updateRequests.keys)
            record(model.handle(key: key))
            alertsDismissed += max(0, before - model.alertEntryCount)
            for (key, info) in model.deleteRequests where !deletes.contains(key) {
                deletesAsked[index(of: info.record.id), default: 0] += 1
                countedKeys.insert(key)
            }
            for (key, update) in model.updateRequests where !updates.contains(key) {
                updatesAsked[index(of: update.record.id), default: 0] += 1
                countedKeys.insert(key)
            }
        }
        /// The records with a queued delete, and with a queued edit.
        func queuedRecords() -> (deletes: Set<String>, updates: Set<String>) {
            (
                model.offline.queuedDeleteIDs,
                Set(model.offline.entries.filter { $0.kind.field != nil }.map(\.original.id))
            )
        }
        /// Counts each change a sync up sent of those queued at the step's start as asked for:
        /// a key queued it while the org could not be reached.
        func countSyncedUp(queuedAtStart queued: (deletes: Set<String>, updates: Set<String>)) {
            for (key, info) in model.deleteRequests where !countedKeys.contains(key) {
                countedKeys.insert(key)
                if queued.deletes.contains(info.record.id) { deletesAsked[index(of: info.record.id), default: 0] += 1 }
            }
            for (key, update) in model.updateRequests where !countedKeys.contains(key) {
                countedKeys.insert(key)
                if queued.updates.contains(update.record.id) {
                    updatesAsked[index(of: update.record.id), default: 0] += 1
                }
            }
        }
        /// With `crashes`, steps left of a stretch in which the org cannot be reached: pages, probes
        /// and checks fail as a refused connection does, other answers wait.
        var unreachableSteps = 0

        if let durable {
            record(try durable.start(&model))
        } else {
            record(model.start())
        }
        let first = outstanding.removeFirst()
        record(model.handle(response: page(universe, titles: titles), for: first.id))
        // The column cursor on Title, and Contact's describe at hand.
        press(.character("l"))
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        press(.escape)

        var log: [String] = []
        /// Records confirmed gone before the latest start: the replica's rows may still show them.
        var goneBeforeStart = Set<Int>()

        /// `kill -9`, then a new start: the outbox holds every change in flight; the org applies
        /// what reached it of the writes in flight, their answers lost; a new model starts from the
        /// files as the app does (left changes read back, kept rows, first page), sending no write.
        func crash() throws {
            let durable = try #require(durable)
            let entries = try durable.outbox.entries()
            func kept(_ kind: OutboxEntry.Kind) -> [String] {
                entries.filter { $0.kind == kind }.compactMap(\.recordID).sorted()
            }
            let context = "seed \(seed): \(log)"
            let queued = model.offline.entries
            try #require(
                kept(.delete)
                    == (model.deleteRequests.values.map(\.record.id)
                    + queued.filter { $0.kind == .delete }.map(\.original.id)).sorted(),
                "the outbox's deletes are not those in flight and queued; \(context)")
            try #require(
                kept(.update)
                    == (model.updateRequests.values.map(\.record.id)
                    + queued.filter { $0.kind.field != nil }.map(\.original.id)).sorted(),
                "the outbox's updates are not those in flight and queued; \(context)")
            try #require(
                kept(.undelete)
                    == (model.changes.undeletes.values.map(\.record.id)
                    + queued.filter { $0.badge == .restored }.map(\.original.id)).sorted(),
                "the outbox's undeletes are not those in flight and queued; \(context)")
            for item in outstanding {
                switch item.kind {
                case .delete(let index):
                    if Bool.random(using: &random) { server.remove(index) }
                case .bulkDelete(let indices):
                    for index in indices where Bool.random(using: &random) { server.remove(index) }
                case .update(let index, let value):
                    if server.contains(index), Bool.random(using: &random) {
                        titles[index] = value
                        everConfirmed[index, default: []].insert(value)
                    }
                case .undelete(let indices):
                    for index in indices where Bool.random(using: &random) { server.insert(index) }
                default:
                    break
                }
            }
            log.append("crash; the org has \(server.sorted())")
            outstanding.removeAll()
            // The outbox holds their deletes: the new start reads them back as left deletes.
            unansweredReads.removeAll()
            unansweredLeftReads.removeAll()
            unansweredBulkReads.removeAll()
            failuresDelivered = 0
            alertsDismissed = 0
            goneBeforeStart = confirmed
            let previous = model
            model = ContactListModel(query: Fixtures.query, origin: "o", requests: client)
            model.visibleRowCount = previous.visibleRowCount
            // Contact's describe as the first process had it: `e`'s wait for it is not what a crash tests.
            model.objectFields = previous.objectFields
            let leftUndeletes = previous.changes.undeletes.values.map { index(of: $0.record.id) }
            settlingUndelete = (leftUndeletes, Set(leftUndeletes.filter(server.contains)))
            awaitingFirstPage = true
            let effects = try durable.start(&model)
            record(effects)
            settlingUndelete = nil
            try #require(
                Fixtures.sentRequests(effects).allSatisfy { $0.method == .GET }, "a new start sent a write; \(context)")
        }

        func checkStep(_ step: Int) throws {
            let context = "seed \(seed) step \(step): \(log)"
            try check(
                model, universe: universe, listed: listed, confirmed: confirmed, ghosts: ghosts,
                outstanding: outstanding, alertsExpected: failuresDelivered - alertsDismissed,
                refusedTitles: refusedTitles, everConfirmed: everConfirmed, everRestored: everRestored,
                goneBeforeStart: goneBeforeStart, unansweredReads: unansweredReads,
                unansweredLeftReads: unansweredLeftReads,
                unansweredInBulk: unansweredBulkReads.values.flatMap { $0.indices.map(Fixtures.id) },
                loading: awaitingFirstPage, context: context
            )
            try #require(deletesSent == deletesAsked, "a delete was sent twice, or not at all; \(context)")
            try #require(updatesSent == updatesAsked, "an update was sent twice, or not at all; \(context)")
        }

        for step in 0..<120 {
            let queuedAtStart = queuedRecords()
            defer { countSyncedUp(queuedAtStart: queuedAtStart) }
            if crashes {
                if unreachableSteps > 0 {
                    unreachableSteps -= 1
                    if unreachableSteps == 0 { log.append("org reachable") }
                } else if Int.random(in: 0..<30, using: &random) == 0 {
                    unreachableSteps = Int.random(in: 3...15, using: &random)
                    log.append("org unreachable")
                }
            }
            if crashes, Int.random(in: 0..<25, using: &random) == 0 {
                try crash()
                countSyncedUp(queuedAtStart: queuedAtStart)
                try checkStep(step)
                continue
            }
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<4:
                // Undo the latest delete still in the bin (or waiting for its delete to settle).
                log.append("U")
                press(.character("U"))
            case 4..<25:
                log.append("d")
                press(.character("d"))
                if model.bulkDeletePrompt != nil, Int.random(in: 0..<3, using: &random) > 0 {
                    log.append("y")
                    press(.character("y"))
                }
            case 25..<40:
                let key: Key = [
                    .down, .up, .character("G"), .character("g"), .pageDown, .character("n"), .character("N"),
                ]
                .randomElement(using: &random)!
                log.append("\(key)")
                press(key)
            case 40..<46:
                log.append("r")
                press(.character("r"))
            case 46..<52:
                // "t1" matches edited Titles (T1, T10…), so that edits move rows in and out of its sets.
                let text = ["a", "zo", "e", "an", "x", "t1"].randomElement(using: &random)!
                log.append("/\(text)")
                press(.character("/"))
                for character in text { press(.character(character)) }
                press(Bool.random(using: &random) ? .enter : .escape)
            case 52..<58:
                log.append("dismiss")
                press([.enter, .escape, .character(" ")].randomElement(using: &random)!)
            case 58..<62:
                // Sort by a column, up or down: the query runs again with ORDER BY.
                let key: Key = [.character("h"), .character("l"), .right].randomElement(using: &random)!
                log.append("\(key) s")
                press(key)
                press(.character("s"))
            case 62..<68:
                // Marks, and the answer to "Delete N contacts? y/N" (any key answers it).
                let key: Key = [.character(" "), .character(" "), .character("*"), .character("u"), .character("y")]
                    .randomElement(using: &random)!
                log.append("mark \(key)")
                press(key)
            case 68..<74:
                // Values are unique, so that a refused one is never confused with a confirmed one.
                let value = "T\(step)"
                log.append("e \(value)")
                // The checks follow Title, the second column; `s` may have left the cursor elsewhere,
                // and Enter the detail view open (whose `e` edits the line it is on).
                for _ in 0..<8 {
                    guard case .detail = model.modes.mode else { break }
                    press(.escape)
                }
                for _ in model.run.columns { press(.character("h")) }
                press(.character("l"))
                press(.character("e"))
                guard model.fieldEditor != nil else { continue }
                press(.control("u"))
                for character in value { press(.character(character)) }
                press(.enter)
            default:
                guard !outstanding.isEmpty else { continue }
                let next = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
                if unreachableSteps > 0 {
                    switch next.kind {
                    case .page, .sortedPage, .probe, .deleteCheck:
                        log.append("unreachable: a read fails")
                        record(model.handle(response: .failure(Self.unreachable), for: next.id))
                    default:
                        // The org holds it until it can be reached again.
                        outstanding.append(next)
                    }
                    break
                }
                switch next.kind {
                case .probe:
                    log.append("probe answered")
                    record(model.handle(response: Fixtures.noContent, for: next.id))
                case .deleteCheck(let indices):
                    let present = indices.filter(server.contains)
                    for index in indices where !server.contains(index) {
                        confirmed.insert(index)
                        ghosts.remove(index)
                    }
                    log.append("delete check \(indices) present \(present)")
                    record(model.handle(response: Fixtures.page(present.map { Fixtures.contact($0) }), for: next.id))
                case .describe:
                    log.append("describe")
                    record(model.handle(response: EditTests.describe, for: next.id))
                case .undelete(let indices):
                    var alerts = 0
                    var applied = Set<Int>()
                    let result: Result<RestResponse, RestClientError>
                    switch Int.random(in: 0..<5, using: &random) {
                    case 0:
                        // A SOAP fault, or a request never sent: nothing restored, one alert entry each.
                        alerts = indices.count
                        confirmed.formUnion(indices)
                        result = Self.definite(Self.undeleteRefusals, journaled: crashes).randomElement(using: &random)!
                    case 1:
                        // No answer: the server restored some of them.
                        for index in indices where Bool.random(using: &random) {
                            applied.insert(index)
                            server.insert(index)
                        }
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                    default:
                        // Each record restored, or refused (purged from the bin meanwhile).
                        var refused = Set<Int>()
                        for index in indices {
                            if Int.random(in: 0..<4, using: &random) == 0 {
                                refused.insert(index)
                            } else {
                                server.insert(index)
                            }
                        }
                        alerts = refused.count
                        confirmed.formUnion(refused)
                        result = Fixtures.undeleteResults(ids: indices.map(Fixtures.id)) { id in
                            refused.contains { Fixtures.id($0) == id }
                                ? ("UNDELETE_FAILED", "Entity is not in the recycle bin") : nil
                        }
                    }
                    failuresDelivered += alerts
                    log.append("settle undelete \(indices) applied \(applied.sorted()) \(result)")
                    let before = model.alertEntryCount
                    settlingUndelete = (indices, applied)
                    record(model.handle(response: result, for: next.id))
                    settlingUndelete = nil
                    #expect(model.alertEntryCount == before + alerts, "one alert entry per record not restored")
                case .undeleteReadBack(let indices, let applied):
                    var alerts = indices.count
                    let result: Result<RestResponse, RestClientError>
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        // The rows stay shown; those the server did not restore are shown but gone.
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                        // The model cannot tell either way until `r`: like a ghost, shown at most once.
                        ghosts.formUnion(indices)
                    } else {
                        let stillDeleted = indices.filter { !applied.contains($0) }
                        alerts = stillDeleted.count
                        confirmed.formUnion(stillDeleted)
                        result = Fixtures.isDeletedPage(indices.map { (Fixtures.id($0), !applied.contains($0)) })
                    }
                    failuresDelivered += alerts
                    log.append("read back undelete \(indices) applied \(applied.sorted()) \(result)")
                    let before = model.alertEntryCount
                    record(model.handle(response: result, for: next.id))
                    #expect(
                        model.alertEntryCount == before + alerts, "one alert entry per record not restored or unknown")
                case .readAfterSave(let index):
                    log.append("read after save \(index)")
                    let result: Result<RestResponse, RestClientError>
                    if server.contains(index) {
                        let body = try JSONSerialization.data(withJSONObject: contact(index, titles: titles))
                        result = .success(RestResponse(status: 200, headers: [:], body: Array(body)))
                    } else {
                        result = Fixtures.refusal(404, "NOT_FOUND")
                    }
                    record(model.handle(response: result, for: next.id))
                case .page(let snapshot, let pageTitles):
                    log.append("page\(snapshot.sorted())")
                    record(model.handle(response: page(snapshot, titles: pageTitles), for: next.id))
                case .sortedPage(let snapshot, let descending, let pageTitles):
                    // Some fields cannot be sorted: the org refuses, and the old order and rows stay.
                    let refused = Int.random(in: 0..<4, using: &random) == 0
                    log.append("sorted page\(snapshot.sorted()) descending \(descending) refused \(refused)")
                    let result =
                        refused
                        ? Fixtures.refusal(
                            400, "INVALID_FIELD", "field 'Description' can not be sorted in a query call")
                        : page(snapshot, titles: pageTitles, descending: descending)
                    let rowsBefore = model.dataRows.map(\.id)
                    let sortBefore = model.run.sort
                    record(model.handle(response: result, for: next.id))
                    if refused {
                        #expect(model.dataRows.map(\.id) == rowsBefore, "a refused sort keeps the rows")
                        #expect(model.run.sort == sortBefore, "a refused sort keeps the order")
                    }
                case .bulkDelete(let indices):
                    var alerts = 0
                    var applied = Set<Int>()
                    let result: Result<RestResponse, RestClientError>
                    switch Int.random(in: 0..<6, using: &random) {
                    case 0:
                        // The whole request refused or never sent: every record stays, one alert entry each.
                        alerts = indices.count
                        result = Self.definite(Self.wholeRequestRefusals, journaled: crashes).randomElement(
                            using: &random)!
                    case 1:
                        // No answer: the server applied some of it.
                        for index in indices where server.contains(index) && Bool.random(using: &random) {
                            applied.insert(index)
                            server.remove(index)
                        }
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                    default:
                        var outcomes: [String: Fixtures.Outcome] = [:]
                        for index in indices {
                            if !server.contains(index) || Int.random(in: 0..<4, using: &random) == 0 {
                                outcomes[Fixtures.id(index)] = ("ENTITY_IS_DELETED", "entity is deleted")
                            } else if Bool.random(using: &random) {
                                outcomes[Fixtures.id(index)] = ("DELETE_FAILED", "associated with cases")
                                alerts += 1
                                continue
                            }
                            server.remove(index)
                            ghosts.remove(index)
                            confirmed.insert(index)
                        }
                        result = Fixtures.collectionResults(ids: indices.map(Fixtures.id)) { outcomes[$0] ?? nil }
                    }
                    failuresDelivered += alerts
                    log.append("settle bulk \(indices) applied \(applied.sorted()) \(result)")
                    let before = model.alertEntryCount
                    settlingBulk = (indices, applied)
                    record(model.handle(response: result, for: next.id))
                    settlingBulk = nil
                    #expect(model.alertEntryCount == before + alerts, "one alert entry per refused record")
                case .bulkReadBack(let indices, let applied):
                    var alerts = 0
                    let result: Result<RestResponse, RestClientError>
                    if Int.random(in: 0..<3, using: &random) == 0 {
                        // No answer either: the deletes stay pending and hidden, with no alert;
                        // `r` checks again.
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                        if case .reconcileBulkDelete(_, let entries) = model.inFlight[next.id] {
                            unansweredBulkReads[entries] = (indices, applied)
                        }
                    } else {
                        let present = indices.filter { !applied.contains($0) && server.contains($0) }
                        alerts = present.count
                        confirmed.formUnion(indices.filter { !present.contains($0) })
                        ghosts.subtract(indices.filter { !present.contains($0) })
                        result = Fixtures.page(present.map { Fixtures.contact($0) })
                    }
                    failuresDelivered += alerts
                    log.append("read back bulk \(indices) applied \(applied.sorted()) \(result)")
                    let before = model.alertEntryCount
                    record(model.handle(response: result, for: next.id))
                    #expect(model.alertEntryCount == before + alerts, "one alert entry per record not deleted")
                case .update(let index, let value):
                    var result = Fixtures.noContent
                    var alerts = 0
                    var applied = false
                    switch Int.random(in: 0..<3, using: &random) {
                    case _ where !server.contains(index):
                        alerts = 1
                        result = Self.alreadyDeleted
                        refusedTitles.insert(value)
                    case 0:
                        titles[index] = value
                        everConfirmed[index, default: []].insert(value)
                    case 1:
                        alerts = 1
                        result = Fixtures.refusal(400, "FIELD_CUSTOM_VALIDATION_EXCEPTION", "not this title")
                        refusedTitles.insert(value)
                    default:
                        applied = Bool.random(using: &random)
                        if applied {
                            titles[index] = value
                            everConfirmed[index, default: []].insert(value)
                        }
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                    }
                    failuresDelivered += alerts
                    log.append("update \(index) \(value) applied \(applied) \(result)")
                    let before = model.alertEntryCount
                    settlingUpdate = (next.id, index, applied)
                    record(model.handle(response: result, for: next.id))
                    settlingUpdate = nil
                    #expect(model.alertEntryCount == before + alerts, "a refused update makes exactly one alert")
                case .updateReadBack(let index, _, let applied):
                    let readFails = !server.contains(index) || Int.random(in: 0..<3, using: &random) == 0
                    let result = readFails ? .failure(Self.noAnswers.randomElement(using: &random)!) : readTitle(index)
                    let alerts = readFails ? 1 : 0
                    failuresDelivered += alerts
                    log.append("update read back \(index) applied \(applied) \(result)")
                    let before = model.alertEntryCount
                    record(model.handle(response: result, for: next.id))
                    #expect(model.alertEntryCount == before + alerts, "an update of unknown outcome alerts once")
                case .search(let snapshot):
                    // Some of the records the org had, or a failure (which is no alert); the
                    // answer may be to a search already cancelled, which the model ignores.
                    let hits = snapshot.filter { _ in Bool.random(using: &random) }
                    let fails = Int.random(in: 0..<5, using: &random) == 0
                    log.append("search \(fails ? "fails" : "\(hits.sorted())")")
                    record(model.handle(response: fails ? .failure(.timedOut) : found(hits), for: next.id))
                case .delete(let index):
                    let result: Result<RestResponse, RestClientError>
                    var applied = false
                    var alerts = 0
                    switch Int.random(in: 0..<4, using: &random) {
                    case _ where !server.contains(index), 0:
                        // Gone already (deleted elsewhere, or a ghost deleted again): 404 ENTITY_IS_DELETED.
                        result = server.contains(index) ? Fixtures.noContent : Self.alreadyDeleted
                        server.remove(index)
                        ghosts.remove(index)
                        confirmed.insert(index)
                    case 1:
                        alerts = 1
                        result = Self.definite(Self.failures, journaled: crashes).randomElement(using: &random)!
                    case 2:
                        server.remove(index)
                        confirmed.insert(index)
                        result = Self.alreadyDeleted
                    default:
                        applied = Bool.random(using: &random)
                        if applied { server.remove(index) }
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                    }
                    failuresDelivered += alerts
                    log.append("settle \(index) applied \(applied) \(result)")
                    let before = model.alertEntryCount
                    let waiting = outstanding.filter(\.isReadBack).count
                    settling = (next.id, index, applied)
                    record(model.handle(response: result, for: next.id))
                    settling = nil
                    #expect(model.alertEntryCount == before + alerts, "a definite failure makes exactly one alert")
                    if case .failure(let error) = result, case .unknown = DeleteOutcome(.failure(error)) {
                        #expect(
                            outstanding.filter(\.isReadBack).count == waiting + 1, "no answer reads the record back")
                    }
                case .leftReadBack(let index, let deleteID):
                    let readFails = Int.random(in: 0..<4, using: &random) == 0
                    let present = server.contains(index)
                    let result: Result<RestResponse, RestClientError> =
                        readFails
                        ? .failure(Self.noAnswers.randomElement(using: &random)!)
                        : present ? readRecord(index) : Fixtures.refusal(404, "NOT_FOUND")
                    if readFails {
                        // No answer: the delete stays pending, its outcome unknown; `r` reads it again.
                        unansweredReads.insert(deleteID)
                        unansweredLeftReads.insert(deleteID)
                    }
                    if !present, !readFails {
                        confirmed.insert(index)
                        ghosts.remove(index)
                    }
                    // One alert tells what became of them all, once the last is read.
                    let alerts =
                        outstanding.contains { if case .leftReadBack = $0.kind { true } else { false } } ? 0 : 1
                    failuresDelivered += alerts
                    log.append("read back left \(index) present \(present) \(result)")
                    let before = model.alertEntryCount
                    record(model.handle(response: result, for: next.id))
                    #expect(model.alertEntryCount == before + alerts, "one alert for the deletes a dead process left")
                case .readBack(let index, let deleteID, let applied):
                    let readFails = Int.random(in: 0..<3, using: &random) == 0
                    let result: Result<RestResponse, RestClientError>
                    var alerts = 1
                    if readFails {
                        // No answer either: the delete stays pending, its outcome unknown, with no
                        // alert and nothing put back; `r` reads it again.
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                        alerts = 0
                        unansweredReads.insert(deleteID)
                    } else if applied {
                        result = Fixtures.refusal(404, "NOT_FOUND")
                        confirmed.insert(index)
                        alerts = 0
                    } else {
                        result = Fixtures.retrieved(index)
                    }
                    failuresDelivered += alerts
                    log.append("read back \(index) applied \(applied) \(result)")
                    let before = model.alertEntryCount
                    record(model.handle(response: result, for: next.id))
                    #expect(model.alertEntryCount == before + alerts, "one alert per outcome not deleted")
                    if readFails {
                        #expect(
                            model.deleteRequests[deleteID] != nil
                                && model.outboxItems.contains { $0.isUnknown && $0.change.requestID == deleteID },
                            "a read with no answer leaves the delete pending, its outcome unknown")
                    }
                }
            }
            countSyncedUp(queuedAtStart: queuedAtStart)
            try checkStep(step)
        }
    }

    func check(
        _ model: ContactListModel, universe: [Int], listed: Set<Int>, confirmed: Set<Int>, ghosts: Set<Int>,
        outstanding: [Outstanding], alertsExpected: Int, refusedTitles: Set<String>, everConfirmed: [Int: Set<String>],
        everRestored: Set<Int> = [], goneBeforeStart: Set<Int> = [], unansweredReads: Set<RestRequestID> = [],
        unansweredLeftReads: Set<RestRequestID> = [], unansweredInBulk: [String] = [], loading: Bool = false,
        context: String
    ) throws {
        let shown = model.dataRows.map(\.id)
        try #require(Set(shown).count == shown.count, "a row appears twice; \(context)")
        let pending = Set(model.deleteRequests.values.map(\.record.id))
        // A record being restored shows at once; a refresh meanwhile may leave it out until it settles.
        let restoring = Set(model.changes.undeletes.values.map(\.record.id))
        try #require(pending.isDisjoint(with: restoring), "a record is deleted and restored at once; \(context)")
        // A delete queued while the org could not be reached keeps its row (with a badge) until it is sent.
        try #require(model.offline.queuedDeleteIDs.isDisjoint(with: pending), "queued and sent at once; \(context)")
        for index in universe {
            let id = Fixtures.id(index)
            let states = [
                shown.contains(id) || restoring.contains(id), pending.contains(id), confirmed.contains(index),
            ].filter { $0 }.count
            if ghosts.contains(index) || !listed.contains(index) {
                // A record only a search found leaves with the search's rows (Esc, a new text).
                try #require(states <= 1, "ghost \(index) is in \(states) states; \(context)")
            } else if goneBeforeStart.contains(index), confirmed.contains(index) {
                // Deleted before the latest start: the replica's row may show it until the org's
                // first page, and a `d` on that row is pending until the org says it is gone.
                let isShown = shown.contains(id) || restoring.contains(id)
                try #require(!(isShown && pending.contains(id)), "record \(index) is shown and pending; \(context)")
                try #require(loading || !isShown, "record \(index) is shown though gone; \(context)")
            } else if loading, states == 0 {
                // After a start, until the org's first page: not loaded yet (the replica may not
                // hold it).
            } else {
                try #require(states == 1, "record \(index) is in \(states) states; \(context)")
            }
        }
        let pendingDeletes = Set(outstanding.compactMap(\.pendingDelete)).union(unansweredReads)
        // A bulk delete keys each of its records by an id of its own.
        let pendingInBulk =
            outstanding.flatMap { item -> [String] in
                switch item.kind {
                case .bulkDelete(let indices), .bulkReadBack(let indices, _): return indices.map(Fixtures.id)
                case .page, .sortedPage, .delete, .readBack, .update, .updateReadBack, .search, .readAfterSave,
                    .undelete,
                    .undeleteReadBack, .leftReadBack, .probe, .deleteCheck, .describe:
                    return []
                }
            } + unansweredInBulk
        let beingRestored = outstanding.flatMap { item -> [String] in
            switch item.kind {
            case .undelete(let indices), .undeleteReadBack(let indices, _): return indices.map(Fixtures.id)
            default: return []
            }
        }
        try #require(
            beingRestored.count == model.changes.undeletes.count && Set(beingRestored) == restoring,
            "undelete entries drifted; \(context)")
        try #require(restoring.isDisjoint(with: model.confirmedDeletedIDs), "restoring yet confirmed gone; \(context)")
        let singles = Set(model.deleteRequests.filter { pendingDeletes.contains($0.key) }.keys)
        try #require(singles == pendingDeletes, "deleteRequests drifted; \(context)")
        try #require(
            model.deleteRequests.count == pendingDeletes.count + pendingInBulk.count
                && Set(pendingInBulk).isSubset(of: pending),
            "bulk entries drifted; \(context)")
        try #require(
            model.changes.bulkTallies.values.reduce(0) { $0 + $1.pending } == pendingInBulk.count,
            "a bulk delete's tally lost count of its pending records; \(context)")
        try #require(model.alertEntryCount == alertsExpected, "alerts lost or duplicated; \(context)")
        try #require(
            Set(model.viewport.marks.keys).isDisjoint(with: pending), "a pending record is still marked; \(context)")
        let pendingUpdates = Set(outstanding.compactMap(\.pendingUpdate))
        try #require(Set(model.updateRequests.keys) == pendingUpdates, "updateRequests drifted; \(context)")
        // A Title shows its latest pending edit, else a value the server confirmed; never a refused one.
        // A left delete's copy is what the dead process showed (maybe an edit never made): it is
        // put back with the values the org's read gives.
        let leftDeletes = Set(outstanding.compactMap { if case .leftReadBack(_, let id) = $0.kind { id } else { nil } })
            .union(unansweredLeftReads)
        for row in model.dataRows + model.deleteRequests.filter({ !leftDeletes.contains($0.key) }).values.map(\.record)
        {
            let index = universe.first { Fixtures.id($0) == row.id }!
            let title = row.value(at: 1)
            try #require(
                !refusedTitles.contains(title) || everConfirmed[index]!.contains(title),
                "\(title) was refused; \(context)")
            let latest = model.updateRequests.values.filter { $0.record.id == row.id }.max { $0.sequence < $1.sequence }
            let queued = model.offline.entries.last { $0.original.id == row.id && $0.kind.field == "Title" }
            var queuedValue: String?
            if let queued, case .update(_, let value) = queued.kind { queuedValue = value }
            if model.offline.queuedDeleteIDs.contains(row.id) {
                // Offline mode today: a queued delete drops the record's queued edits, and its row
                // keeps showing the latest of them (reported to offline mode's owner).
            } else if let queuedValue {
                // Offline mode today: a row with an edit queued and one sent may show either, or the
                // org's value once the sent one is refused (reported to offline mode's owner).
                try #require(
                    title == queuedValue || title == latest?.value || everConfirmed[index]!.contains(title),
                    "\(title) is neither queued, pending nor confirmed; \(context)")
            } else if let latest {
                try #require(title == latest.value, "\(title) is not the pending \(latest.value); \(context)")
            } else {
                try #require(everConfirmed[index]!.contains(title), "\(title) was never confirmed; \(context)")
            }
        }
        // Reinstated rows lead the list, in query order (the index order of the fake org, reversed
        // while `s` sorts it down). A record only a search found has no place in the query's order:
        // it leads them.
        let reinstated = shown.prefix { model.rows.reinstatedIDs.contains($0) }
        try #require(reinstated.count == model.rows.reinstatedIDs.count, "reinstated rows not on top; \(context)")
        // A record restored by `U`, or a ghost (gone from the org, shown until `r`), is left out: a
        // sort that ran while the org did not list it could not place it.
        let listedIDs = Set(listed.subtracting(everRestored).subtracting(ghosts).map(Fixtures.id))
        let reinstatedListed = reinstated.filter(listedIDs.contains)
        let queryOrdered =
            model.run.sort?.descending == true ? reinstatedListed.sorted(by: >) : reinstatedListed.sorted()
        try #require(reinstatedListed.elementsEqual(queryOrdered), "reinstated rows out of order; \(context)")
        // The filter's sets follow every row change, an edit's text re-folded in place included.
        if let filter = model.filter {
            let local = model.dataRows.indices.filter { index in
                index < model.rows.orgRowsStart && filter.matches(model.dataRows[index], columns: model.run.columns)
            }
            try #require(
                filter.matches.filter { $0 < model.rows.orgRowsStart } == local,
                "the filter's matches drifted; \(context)")
        }
        // The org search's rows are the last rows, shown only with the filter.
        try #require(model.filter != nil || model.rows.orgSearch.rowCount == 0, "org rows without a filter; \(context)")
        let orgRows = model.dataRows.suffix(model.rows.orgSearch.rowCount).map(\.id)
        try #require(
            (0..<model.shownCount).map { model.shownRecord(at: $0).id }.suffix(orgRows.count).elementsEqual(orgRows),
            "the org search's rows are not shown last; \(context)")
        try #require(
            model.shownCount == 0 ? model.viewport.selection == 0 : model.viewport.selection < model.shownCount,
            "\(context)")
        if let filter = model.filter {
            let expected = model.dataRows.indices.filter {
                filter.matches(model.dataRows[$0], columns: model.run.columns)
            }
            try #require(filter.matches == expected, "the filter's rows drifted; \(context)")
        }
    }
}
