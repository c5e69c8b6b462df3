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
            /// A query page, read from the server when it was sent (answers may be stale).
            case page(snapshot: [Int])
        }
        var id: RestRequestID
        var kind: Kind
    }

    static let names = ["Ann", "Åsa", "Bob", "Chloé", "Dan", "Zoë", "Émile", "山田", "Eve", "Anna", "Ben", "Zed"]

    static let failures: [Result<RestResponse, RestClientError>] = [
        Fixtures.deleteFailed,
        .failure(.apiInvocationFailed(status: 503, headers: [:], errors: [], rawBody: nil)),
        .failure(.transportFailed(host: "127.0.0.1", reason: "connection reset")),
        .failure(.timedOut),
        .failure(.cancelled),
        .failure(.decodingFailed("x")),
        .failure(.jsonSerialization("x")),
    ]

    @Test(
        "every record is shown, pending or confirmed deleted; no duplicates; one alert per failure", arguments: 0..<40)
    func interleavings(seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let client = Fixtures.client()
        let count = Int.random(in: 1...12, using: &random)
        let universe = Array(0..<count)
        var server = Set(universe)
        func page(_ indices: [Int]) -> Result<RestResponse, RestClientError> {
            Fixtures.page(
                indices.sorted().map { Fixtures.contact($0, name: Self.names[$0 % Self.names.count] + " \($0)") })
        }

        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: client)
        model.visibleRowCount = Int.random(in: 1...5, using: &random)
        var outstanding: [Outstanding] = []
        var confirmed = Set<Int>()
        var failuresDelivered = 0
        var alertsDismissed = 0

        func record(_ effects: [ContactListEffect]) {
            for request in Fixtures.sentRequests(effects) {
                if request.method == .DELETE {
                    let index = universe.first { request.path.hasSuffix(Fixtures.id($0)) }!
                    outstanding.append(Outstanding(id: request.id, kind: .delete(recordIndex: index)))
                } else {
                    outstanding.append(Outstanding(id: request.id, kind: .page(snapshot: Array(server))))
                }
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
                case .delete(let index):
                    let result: Result<RestResponse, RestClientError>
                    if Bool.random(using: &random) {
                        server.remove(index)
                        confirmed.insert(index)
                        result = Fixtures.noContent
                    } else {
                        failuresDelivered += 1
                        result = Self.failures.randomElement(using: &random)!
                    }
                    log.append("settle \(index) \(result)")
                    let before = model.alerts.count
                    record(model.handle(response: result, for: next.id))
                    if case .failure = result {
                        #expect(model.alerts.count == before + 1, "a failure makes exactly one alert")
                    }
                }
            }
            try check(
                model, universe: universe, confirmed: confirmed, outstanding: outstanding,
                alertsExpected: failuresDelivered - alertsDismissed, context: "seed \(seed) step \(step): \(log)")
        }
    }

    func check(
        _ model: ContactListModel, universe: [Int], confirmed: Set<Int>, outstanding: [Outstanding],
        alertsExpected: Int, context: String
    ) throws {
        let shown = model.dataRows.map(\.id)
        try #require(Set(shown).count == shown.count, "a row appears twice; \(context)")
        let pending = Set(model.deleteRequests.values.map(\.record.id))
        for index in universe {
            let id = Fixtures.id(index)
            let states = [shown.contains(id), pending.contains(id), confirmed.contains(index)].filter { $0 }.count
            try #require(states == 1, "record \(index) is in \(states) states; \(context)")
        }
        let pendingDeletes = Set(
            outstanding.compactMap { item -> RestRequestID? in
                if case .delete = item.kind { return item.id }
                return nil
            })
        try #require(Set(model.deleteRequests.keys) == pendingDeletes, "deleteRequests drifted; \(context)")
        try #require(model.alerts.count == alertsExpected, "alerts lost or duplicated; \(context)")
        try #require(model.shownCount == 0 ? model.selection == 0 : model.selection < model.shownCount, "\(context)")
        if let filter = model.filter {
            let expected = model.dataRows.indices.filter { filter.matches(model.dataRows[$0], columns: model.columns) }
            try #require(filter.matches == expected, "the filter's rows drifted; \(context)")
        }
    }
}
