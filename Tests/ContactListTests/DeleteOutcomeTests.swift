import RestCore
import Testing

@testable import ContactList

/// Each outcome of a DELETE, told apart by what the server said or did not say.
@Suite("Delete outcomes")
struct DeleteOutcomeTests {
    /// A model with `count` contacts whose first row's DELETE was sent; returns the request.
    static func deletingFirst(count: Int = 3) throws -> (ContactListModel, RestRequest) {
        var model = Fixtures.loadedModel(count: count)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        return (model, request)
    }

    @Test("already gone: settled as deleted, no rollback, no alert", arguments: ["ENTITY_IS_DELETED", "NOT_FOUND"])
    func alreadyDeleted(code: String) async throws {
        var (model, request) = try Self.deletingFirst()
        let effects = model.handle(response: Fixtures.refusal(404, code, "entity is deleted"), for: request.id)
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.alerts.isEmpty)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2)])
        #expect(model.confirmedDeletedIDs == [Fixtures.id(0)])
        #expect(model.notices.statusMessage == "Contact 0000 was already deleted")
    }

    @Test(
        "refused: the row comes back with one alert quoting the server and naming the contact",
        arguments: [
            (400, "DELETE_FAILED"), (403, "INSUFFICIENT_ACCESS_OR_READONLY"), (400, "ENTITY_IS_LOCKED"),
            (403, "REQUEST_LIMIT_EXCEEDED"), (409, "SOMETHING_ELSE"), (404, "INVALID_TYPE"),
        ])
    func refused(status: Int, code: String) async throws {
        var (model, request) = try Self.deletingFirst()
        let effects = model.handle(response: Fixtures.refusal(status, code, "No way."), for: request.id)
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(1), Fixtures.id(2)])
        #expect(
            model.notices.alerts == [
                Alert(title: "Cannot delete item", message: "Contact 0000 was not deleted: No way.")
            ])
        // The selection stays where the delete left it, on the next record; the row put back does not take it.
        #expect(model.selectedRecord?.id == Fixtures.id(1))
    }

    static let noAnswers: [RestClientError] = [
        .timedOut,
        .transportFailed(host: "127.0.0.1", reason: "the server closed the connection"),
        .transportFailed(host: "127.0.0.1", reason: "connection reset"),
        .apiInvocationFailed(status: 502, headers: [:], errors: [], rawBody: "Bad Gateway"),
        .apiInvocationFailed(
            status: 503, headers: [:], errors: [SalesforceError(message: "down", errorCode: "SERVER_UNAVAILABLE")],
            rawBody: nil),
        .apiInvocationFailed(status: 504, headers: [:], errors: [], rawBody: nil),
    ]

    /// Delivers a no-answer failure and returns the read-back request it sends.
    static func noAnswer(
        _ error: RestClientError, to model: inout ContactListModel, for request: RestRequest
    ) throws
        -> RestRequest
    {
        let sent = Fixtures.sentRequests(model.handle(response: .failure(error), for: request.id))
        #expect(sent.count == 1)
        return try #require(sent.first)
    }

    @Test("unknown: the record is read back by its Id, still pending and hidden", arguments: noAnswers)
    func readsBack(error: RestClientError) async throws {
        var (model, request) = try Self.deletingFirst()
        let read = try Self.noAnswer(error, to: &model, for: request)
        #expect(read.method == .GET)
        #expect(read.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(0))"))
        #expect(read.queryItems.map(\.name) == ["fields"])
        #expect(model.deleteRequests.keys.map { $0 } == [request.id])
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(0) })
        #expect(model.notices.alerts.isEmpty)
        #expect(model.notices.statusMessage == "No answer; checking whether Contact 0000 was deleted…")
        #expect(StatusLine(model: model).text.contains("1 delete pending"))
    }

    @Test("unknown, then 404 on the read: settled as deleted, no alert", arguments: noAnswers)
    func readBackGone(error: RestClientError) async throws {
        var (model, request) = try Self.deletingFirst()
        let read = try Self.noAnswer(error, to: &model, for: request)
        _ = model.handle(
            response: Fixtures.refusal(404, "NOT_FOUND", "The requested resource does not exist"), for: read.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.notices.alerts.isEmpty)
        #expect(model.confirmedDeletedIDs == [Fixtures.id(0)])
        #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2)])
        #expect(model.notices.statusMessage == "Deleted Contact 0000 · U undo")
    }

    @Test("unknown, then 200 on the read: the row comes back, the alert says it was not deleted")
    func readBackFound() async throws {
        var (model, request) = try Self.deletingFirst()
        let read = try Self.noAnswer(.timedOut, to: &model, for: request)
        _ = model.handle(response: Fixtures.retrieved(0), for: read.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(1), Fixtures.id(2)])
        #expect(model.selectedRecord?.id == Fixtures.id(1), "the row put back does not take the selection")
        #expect(
            model.notices.alerts == [
                Alert(title: "Cannot delete item", message: "The server did not answer; Contact 0000 was not deleted.")
            ])
    }

    @Test(
        "unknown, and the read gets no answer either: the delete stays pending and unknown, and r reads it again",
        arguments: [
            RestClientError.timedOut, .transportFailed(host: "127.0.0.1", reason: "connection refused"),
            .transportFailed(host: "127.0.0.1", reason: "connection reset"),
            .apiInvocationFailed(status: 503, headers: [:], errors: [], rawBody: nil),
        ])
    func readBackGetsNoAnswer(error: RestClientError) async throws {
        for found in [true, false] {
            var (model, request) = try Self.deletingFirst()
            let read = try Self.noAnswer(
                .transportFailed(host: "h", reason: "connection reset"), to: &model, for: request)
            let effects = model.handle(response: .failure(error), for: read.id)
            // Nothing is claimed: the row stays hidden, pending, its outcome unknown; nothing is sent
            // again now, and no alert says it failed.
            #expect(Fixtures.sentRequests(effects).isEmpty)
            #expect(model.deleteRequests[request.id] != nil)
            #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2)])
            #expect(model.notices.alerts.isEmpty)
            #expect(model.outboxItems.map(\.isUnknown) == [true])
            #expect(
                model.notices.statusMessage
                    == "No answer to the read of Contact 0000 either: whether it was deleted is unknown; "
                    + "r reads it again.")

            // `r` reads the record again, beside the list's first page, and its answer settles the delete.
            let sent = Fixtures.sentRequests(model.handle(key: .character("r")))
            let again = try #require(sent.first { $0.path == read.path && $0.method == .GET })
            #expect(sent.count == 2)
            _ = model.handle(
                response: found ? Fixtures.retrieved(0) : Fixtures.refusal(404, "NOT_FOUND"), for: again.id)
            #expect(model.deleteRequests.isEmpty)
            #expect(model.outboxItems.isEmpty)
            #expect(model.dataRows.map(\.id) == (found ? [0, 1, 2] : [1, 2]).map(Fixtures.id))
            #expect(model.confirmedDeletedIDs == (found ? [] : [Fixtures.id(0)]))
            #expect(model.notices.alerts == (found ? [.notDeletedWithoutAnswer(name: "Contact 0000")] : []))
        }
    }

    @Test("unknown, and the org refuses the read: the row comes back and the alert says r shows the truth")
    func readBackRefused() async throws {
        var (model, request) = try Self.deletingFirst()
        let read = try Self.noAnswer(.transportFailed(host: "h", reason: "connection reset"), to: &model, for: request)
        _ = model.handle(
            response: Fixtures.refusal(500, "UNKNOWN_EXCEPTION", "An unexpected error occurred."), for: read.id)
        #expect(model.deleteRequests.isEmpty)
        #expect(model.dataRows.map(\.id) == [Fixtures.id(0), Fixtures.id(1), Fixtures.id(2)])
        let alert = try #require(model.notices.alerts.first)
        #expect(model.notices.alerts.count == 1)
        #expect(alert.title == "Delete outcome unknown")
        #expect(
            alert.message
                == "The server did not answer and Contact 0000 could not be read back; it may have been deleted. "
                + "Press r to see the list as the server has it.")
        #expect(model.notices.statusMessage == "Whether Contact 0000 was deleted is unknown; r shows the server's list")
    }

    @Test("a refresh while reading back neither shows the row nor loses it")
    func refreshWhileReconciling() async throws {
        for found in [true, false] {
            var (model, request) = try Self.deletingFirst()
            let read = try Self.noAnswer(.timedOut, to: &model, for: request)
            let refresh = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
            _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: refresh.id)
            #expect(model.dataRows.map(\.id) == [Fixtures.id(1), Fixtures.id(2)])
            _ = model.handle(
                response: found ? Fixtures.retrieved(0) : Fixtures.refusal(404, "NOT_FOUND"), for: read.id)
            let expected = (found ? [0, 1, 2] : [1, 2]).map(Fixtures.id)
            #expect(model.dataRows.map(\.id) == expected)
            #expect(model.notices.alerts.count == (found ? 1 : 0))
            if found { _ = model.handle(key: .enter) }
            // A later page that still lists it (a stale read) shows it once at most.
            let again = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
            _ = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: again.id)
            #expect(model.dataRows.map(\.id) == expected)
        }
    }

    @Test(
        "reinstated rows keep their query order, whatever the order of deletes and answers",
        arguments: [[0, 1, 2], [2, 1, 0], [1, 0, 2], [2, 0, 1]])
    func reinstatedOrder(answerOrder: [Int]) async throws {
        for deleteFromBottom in [false, true] {
            var model = Fixtures.loadedModel(count: 8)
            var requests: [String: RestRequest] = [:]
            // Delete contacts 2, 4 and 6, top-down or bottom-up.
            for index in deleteFromBottom ? [6, 4, 2] : [2, 4, 6] {
                _ = model.handle(key: .character("g"))
                let position = try #require(model.dataRows.firstIndex { $0.id == Fixtures.id(index) })
                for _ in 0..<position { _ = model.handle(key: .down) }
                requests[Fixtures.id(index)] = try #require(
                    Fixtures.sentRequests(model.handle(key: .character("d"))).first)
            }
            let selected = model.selectedRecord?.id
            for index in answerOrder.map({ [2, 4, 6][$0] }) {
                _ = model.handle(response: Fixtures.deleteFailed, for: requests[Fixtures.id(index)]!.id)
                #expect(model.selectedRecord?.id == selected, "a row put back does not take the selection")
            }
            #expect(model.dataRows.map(\.id) == [2, 4, 6, 0, 1, 3, 5, 7].map(Fixtures.id))
            #expect(model.notices.alerts.count == 3)
        }
    }

    @Test("a row reinstated while a filter hides it keeps the filter's rows right")
    func reinstatedUnderFilter() async throws {
        var model = Fixtures.loadedModel(count: 4)
        _ = model.handle(key: .down)
        let request = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        _ = model.handle(key: .character("/"))
        _ = Fixtures.type("0003", into: &model)
        _ = model.handle(key: .enter)
        _ = model.handle(response: Fixtures.deleteFailed, for: request.id)
        #expect(model.dataRows.first?.id == Fixtures.id(1))
        #expect(model.filter?.matches == [3])
        #expect(model.selectedRecord?.id == Fixtures.id(3))
    }
}
