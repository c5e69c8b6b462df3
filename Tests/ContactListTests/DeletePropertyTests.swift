import Foundation
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// Random interleavings of keys and network outcomes, checked against the
/// invariants of delete with rollback after every step.
@Suite("Delete with rollback: model-based property")
struct DeletePropertyTests {
    /// A request the fake server has not answered yet.
    struct Outstanding {
        enum Kind {
            case delete(recordIndex: Int)
            /// The read-back of a DELETE that got no answer; `applied` is what the server did.
            case readBack(recordIndex: Int, deleteID: RestRequestID, applied: Bool)
            /// A query page, read from the server when it was sent (answers may be stale).
            case page(snapshot: [Int])
            /// An org search, answered from the records the server had when it was sent.
            case search(snapshot: [Int])
        }
        var id: RestRequestID
        var kind: Kind

        var isReadBack: Bool {
            if case .readBack = kind { return true }
            return false
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

    @Test(
        "every record is shown, pending or confirmed deleted; no duplicates; one alert per failure", arguments: 0..<60)
    func interleavings(seed: UInt64) async throws {
        try run(seed: seed, orgSearch: false)
    }

    @Test(
        "the same, with pages left to load: org search results arrive among deletes", arguments: 0..<40)
    func searchInterleavings(seed: UInt64) async throws {
        try run(seed: seed, orgSearch: true)
    }

    /// One random run. With `orgSearch`, the query's pages list only the first half of the records
    /// and always say more remain, so the filter's text searches the org, and the answers bring in
    /// the other half as the org search's rows.
    func run(seed: UInt64, orgSearch: Bool) throws {
        var random = SeededGenerator(seed: seed)
        let client = Fixtures.client()
        let count = Int.random(in: 1...12, using: &random)
        let universe = Array(0..<count)
        /// The records a page lists; the others only a search finds.
        let listed = Set(orgSearch ? universe.prefix(max(1, count / 2)) : universe[...])
        var server = Set(universe)
        func contact(_ index: Int) -> [String: Any] {
            Fixtures.contact(index, name: Self.names[index % Self.names.count] + " \(index)")
        }
        func page(_ indices: [Int]) -> Result<RestResponse, RestClientError> {
            Fixtures.page(
                indices.filter(listed.contains).sorted().map(contact),
                nextRecordsUrl: orgSearch ? "/next" : nil)
        }
        func found(_ indices: [Int]) -> Result<RestResponse, RestClientError> {
            let body: [String: Any] = ["searchRecords": indices.sorted().map(contact)]
            let data = try! JSONSerialization.data(withJSONObject: body)
            return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
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
        var alertsDismissed = 0

        func record(_ effects: [ContactListEffect]) {
            for request in Fixtures.sentRequests(effects) {
                if request.method == .DELETE {
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    outstanding.append(Outstanding(id: request.id, kind: .delete(recordIndex: index)))
                } else if let delete = settling, request.path != "/next" {
                    #expect(request.path.hasSuffix(Fixtures.id(delete.index)), "reads back the same record")
                    outstanding.append(
                        Outstanding(
                            id: request.id,
                            kind: .readBack(recordIndex: delete.index, deleteID: delete.id, applied: delete.applied)))
                } else {
                    // A next page lists nothing new: the records after the first page are found by search.
                    let snapshot = request.path == "/next" ? [] : Array(server)
                    outstanding.append(Outstanding(id: request.id, kind: .page(snapshot: snapshot)))
                }
            }
            for case .sendAfter(let request, _) in effects {
                outstanding.append(Outstanding(id: request.id, kind: .search(snapshot: Array(server))))
            }
        }
        func press(_ key: Key) {
            let before = model.alerts.count
            record(model.handle(key: key))
            alertsDismissed += max(0, before - model.alerts.count)
        }

        record(model.start())
        let first = outstanding.removeFirst()
        record(model.handle(response: page(universe), for: first.id))

        var log: [String] = []
        for step in 0..<120 {
            let roll = Int.random(in: 0..<100, using: &random)
            switch roll {
            case 0..<25:
                log.append("d")
                press(.character("d"))
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
                let text = ["a", "zo", "e", "an", "x"].randomElement(using: &random)!
                log.append("/\(text)")
                press(.character("/"))
                for character in text { press(.character(character)) }
                press(Bool.random(using: &random) ? .enter : .escape)
            case 52..<58:
                log.append("dismiss")
                press([.enter, .escape, .character(" ")].randomElement(using: &random)!)
            default:
                guard !outstanding.isEmpty else { continue }
                let next = outstanding.remove(at: Int.random(in: 0..<outstanding.count, using: &random))
                switch next.kind {
                case .page(let snapshot):
                    log.append("page\(snapshot.sorted())")
                    record(model.handle(response: page(snapshot), for: next.id))
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
                        result = Self.failures.randomElement(using: &random)!
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
                    let before = model.alerts.count
                    let waiting = outstanding.filter(\.isReadBack).count
                    settling = (next.id, index, applied)
                    record(model.handle(response: result, for: next.id))
                    settling = nil
                    #expect(model.alerts.count == before + alerts, "a definite failure makes exactly one alert")
                    if case .failure(let error) = result, case .unknown = DeleteOutcome(.failure(error)) {
                        #expect(
                            outstanding.filter(\.isReadBack).count == waiting + 1, "no answer reads the record back")
                    }
                case .readBack(let index, _, let applied):
                    let readFails = Int.random(in: 0..<3, using: &random) == 0
                    let result: Result<RestResponse, RestClientError>
                    var alerts = 1
                    if readFails {
                        result = .failure(Self.noAnswers.randomElement(using: &random)!)
                        if applied { ghosts.insert(index) }
                    } else if applied {
                        result = Fixtures.refusal(404, "NOT_FOUND")
                        confirmed.insert(index)
                        alerts = 0
                    } else {
                        result = Fixtures.retrieved(index)
                    }
                    failuresDelivered += alerts
                    log.append("read back \(index) applied \(applied) \(result)")
                    let before = model.alerts.count
                    record(model.handle(response: result, for: next.id))
                    #expect(model.alerts.count == before + alerts, "one alert per outcome not deleted or unknown")
                }
            }
            try check(
                model, universe: universe, listed: listed, confirmed: confirmed, ghosts: ghosts,
                outstanding: outstanding,
                alertsExpected: failuresDelivered - alertsDismissed, context: "seed \(seed) step \(step): \(log)")
        }
    }

    func check(
        _ model: ContactListModel, universe: [Int], listed: Set<Int>, confirmed: Set<Int>, ghosts: Set<Int>,
        outstanding: [Outstanding],
        alertsExpected: Int, context: String
    ) throws {
        let shown = model.dataRows.map(\.id)
        try #require(Set(shown).count == shown.count, "a row appears twice; \(context)")
        let pending = Set(model.deleteRequests.values.map(\.record.id))
        for index in universe {
            let id = Fixtures.id(index)
            let states = [shown.contains(id), pending.contains(id), confirmed.contains(index)].filter { $0 }.count
            if ghosts.contains(index) || !listed.contains(index) {
                // A record only a search found leaves with the search's rows (Esc, a new text).
                try #require(states <= 1, "ghost \(index) is in \(states) states; \(context)")
            } else {
                try #require(states == 1, "record \(index) is in \(states) states; \(context)")
            }
        }
        let pendingDeletes = Set(
            outstanding.compactMap { item -> RestRequestID? in
                switch item.kind {
                case .delete: return item.id
                case .readBack(_, let deleteID, _): return deleteID
                case .page, .search: return nil
                }
            })
        try #require(Set(model.deleteRequests.keys) == pendingDeletes, "deleteRequests drifted; \(context)")
        try #require(model.alerts.count == alertsExpected, "alerts lost or duplicated; \(context)")
        // Reinstated rows lead the list, in query order (the index order of the fake org).
        // (A record only a search found has no place in the query's order: it leads them.)
        let reinstated = shown.prefix { model.reinstatedIDs.contains($0) }
        try #require(reinstated.count == model.reinstatedIDs.count, "reinstated rows not on top; \(context)")
        let listedIDs = Set(listed.map(Fixtures.id))
        let reinstatedListed = reinstated.filter(listedIDs.contains)
        try #require(
            reinstatedListed.elementsEqual(reinstatedListed.sorted()), "reinstated rows out of order; \(context)")
        // The org search's rows are the last rows, shown only with the filter.
        try #require(model.filter != nil || model.orgSearch.rowCount == 0, "org rows without a filter; \(context)")
        let orgRows = model.dataRows.suffix(model.orgSearch.rowCount).map(\.id)
        try #require(
            (0..<model.shownCount).map { model.shownRecord(at: $0).id }.suffix(orgRows.count).elementsEqual(orgRows),
            "the org search's rows are not shown last; \(context)")
        try #require(model.shownCount == 0 ? model.selection == 0 : model.selection < model.shownCount, "\(context)")
        if let filter = model.filter {
            let expected = model.dataRows.indices.filter { filter.matches(model.dataRows[$0], columns: model.columns) }
            try #require(filter.matches == expected, "the filter's rows drifted; \(context)")
        }
    }
}
