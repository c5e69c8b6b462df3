import Foundation
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// Seeded runs of creates whose answers come in any order and any way (created, refused, lost and
/// then found or not, the lookup failing), among refreshes: every create ends exactly once, as a
/// row with its org Id, or its form back, or an alert; none is ever sent twice.
@Suite("Create: model-based property")
struct CreatePropertyTests {
    @Test("each create settles once; the org's records show once; no POST is sent twice", arguments: 0..<60)
    func run(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        var model = try CreateTests.openForm()
        _ = model.handle(key: .escape)
        /// What is still to answer: the POST or the reconcile query of create number `n`.
        enum Waiting { case post(Int), lookFor(Int), refresh }
        var waiting: [(id: RestRequestID, what: Waiting)] = []
        /// The org's records made by these creates, by create number.
        var created: [Int: String] = [:]
        /// The records the model was told of (a 201, or found after no answer).
        var told: Set<String> = []
        var serial = 0
        func record(_ effects: [ContactListEffect], for create: Int?) {
            for request in Fixtures.sentRequests(effects) {
                if request.method == .POST {
                    waiting.append((request.id, .post(create ?? -1)))
                } else if let create, request.queryItems.contains(where: { $0.value.contains("CreatedDate >=") }) {
                    waiting.append((request.id, .lookFor(create)))
                }
            }
        }
        for step in 0..<Int.random(in: 4...14, using: &random) {
            switch Int.random(in: 0..<4, using: &random) {
            case 0,
                1 where model.focus == .list:
                // A new create, typed and saved.
                _ = model.handle(key: .character("c"))
                guard model.focus == .createForm else { continue }
                if model.createForm?.hasTypedText == true {
                    _ = model.handle(key: .escape)
                    _ = model.handle(key: .escape)
                    _ = model.handle(key: .character("c"))
                }
                _ = Fixtures.type("Person\(step)", into: &model)
                record(model.handle(key: .control("s")), for: step)
            case 2 where model.focus == .list:
                let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
                waiting.append((refresh.id, .refresh))
            default:
                guard !waiting.isEmpty else { continue }
                let next = waiting.remove(at: Int.random(in: 0..<waiting.count, using: &random))
                switch next.what {
                case .refresh:
                    let rows =
                        (0..<3).map { Fixtures.contact($0) }
                        + created.values.map { id in
                            [
                                "attributes": ["type": "Contact"], "Id": id, "Name": "made", "Title": NSNull(),
                                "Email": NSNull(), "Phone": NSNull(), "Account": NSNull(),
                            ] as [String: Any]
                        }
                    _ = model.handle(response: Fixtures.page(rows), for: next.id)
                case .post(let create):
                    switch Int.random(in: 0..<3, using: &random) {
                    case 0:
                        serial += 1
                        let id = "003" + String(format: "%012d", 500 + serial) + "AAA"
                        created[create] = id
                        told.insert(id)
                        _ = model.handle(response: CreateTests.created(id), for: next.id)
                    case 1:
                        let refusal = Fixtures.refusal(400, "DUPLICATES_DETECTED", "Use one of these records?")
                        _ = model.handle(response: refusal, for: next.id)
                    default:
                        // No answer; the org may or may not have made it.
                        if Bool.random(using: &random) {
                            serial += 1
                            created[create] = "003" + String(format: "%012d", 500 + serial) + "AAA"
                        }
                        let effects = model.handle(response: .failure(.timedOut), for: next.id)
                        #expect(
                            Fixtures.sentRequests(effects).allSatisfy { $0.method != .POST },
                            "no answer never sends the POST again; seed \(seed)")
                        record(effects, for: create)
                    }
                case .lookFor(let create):
                    let found = created[create].map {
                        [["attributes": ["type": "Contact"], "Id": $0] as [String: Any]]
                    }
                    if let id = created[create] { told.insert(id) }
                    _ = model.handle(response: Fixtures.page(found ?? []), for: next.id)
                }
                // A reopened form is closed again, so that the list has the keys.
                if model.focus == .createForm {
                    _ = model.handle(key: .escape)
                    _ = model.handle(key: .escape)
                }
            }
            // Invariants after every step.
            let ids = model.dataRows.map(\.id)
            #expect(Set(ids).count == ids.count, "a row shows twice; seed \(seed)")
            let pendingPosts = waiting.filter { if case .post = $0.what { true } else { false } }.count
            let pendingLooks = waiting.filter { if case .lookFor = $0.what { true } else { false } }.count
            #expect(model.changes.creates.count == pendingPosts + pendingLooks, "creates drifted; seed \(seed)")
            #expect(
                ids.filter { $0.hasPrefix("new:") }.count == model.changes.creates.count,
                "one placeholder per create in flight; seed \(seed)")
        }
        // Every record the model was told the org created shows, once.
        for id in told {
            #expect(model.dataRows.filter { $0.id == id }.count == 1, "\(id) shows once; seed \(seed)")
        }
    }
}
