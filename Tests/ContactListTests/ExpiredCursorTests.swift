import RestCore
import Testing

@testable import ContactList

/// `INVALID_QUERY_LOCATOR` on a next page: the query runs again once, its rows merged into those
/// shown; a second expiry in a row is a page error, and a dead cursor is never sent again.
@Suite("Expired query cursor")
struct ExpiredCursorTests {
    /// The 400 Salesforce sends for a query cursor it no longer knows.
    static let expired = Fixtures.refusal(400, "INVALID_QUERY_LOCATOR", "invalid query locator")

    /// A model showing contacts 0..<20 of 60, with the selection on row 15 and a next page in flight.
    static func modelWaitingForPageTwo() throws -> (ContactListModel, RestRequest) {
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: Fixtures.client())
        model.visibleRowCount = 5
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(
            response: Fixtures.page((0..<20).map { Fixtures.contact($0) }, totalSize: 60, nextRecordsUrl: "/next-a-20"),
            for: first.id)
        var sent: [RestRequest] = []
        for _ in 0..<15 { sent += Fixtures.sentRequests(model.handle(key: .down)) }
        #expect(sent.map(\.path) == ["/next-a-20"])
        return (model, try #require(sent.first))
    }

    static func isFirstPage(_ request: RestRequest) -> Bool {
        request.path.hasSuffix("/query") && request.method == .GET
    }

    @Test("an expired cursor restarts the query once: nothing duplicated, pending deletes hidden, selection kept")
    func restartMerges() throws {
        var (model, pageTwo) = try Self.modelWaitingForPageTwo()
        // A delete in flight of the selected row (15); the selection moves to 16.
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(model.selectedRecord?.id == Fixtures.id(16))

        let restart = Fixtures.sentRequests(model.handle(response: Self.expired, for: pageTwo.id))
        #expect(restart.count == 1)
        #expect(Self.isFirstPage(try #require(restart.first)))
        #expect(model.notices.statusMessage == ContactListModel.cursorRestartStatus)
        #expect(model.dataRows.count == 19)
        #expect(model.isLoading)

        // The org answers the query again: its first page overlaps the rows shown and goes further.
        let more = Fixtures.sentRequests(
            model.handle(
                response: Fixtures.page(
                    (0..<40).map { Fixtures.contact($0) }, totalSize: 60, nextRecordsUrl: "/next-b-40"),
                for: restart[0].id))
        #expect(model.dataRows.map(\.id) == (0..<40).filter { $0 != 15 }.map(Fixtures.id))
        #expect(model.selectedRecord?.id == Fixtures.id(16))
        #expect(model.notices.statusMessage == "")
        #expect(more.isEmpty, "the selection is far from the new end")

        // The delete settles; the record stays away.
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(15) })
        #expect(Set(model.dataRows.map(\.id)).count == model.dataRows.count)
    }

    /// A model whose page-two cursor expired, whose restart's first page held only the rows shown
    /// (so the selection is still near the end), and whose next page on the new cursor is in flight.
    static func modelAfterRestart() throws -> (ContactListModel, next: RestRequest) {
        var (model, pageTwo) = try modelWaitingForPageTwo()
        let restart = Fixtures.sentRequests(model.handle(response: expired, for: pageTwo.id))
        let next = Fixtures.sentRequests(
            model.handle(
                response: Fixtures.page(
                    (0..<20).map { Fixtures.contact($0) }, totalSize: 60, nextRecordsUrl: "/next-b-20"),
                for: try #require(restart.first).id))
        #expect(next.map(\.path) == ["/next-b-20"])
        #expect(model.dataRows.count == 20)
        return (model, try #require(next.first))
    }

    @Test("a second expiry in a row shows the page error, and scrolling never resends the dead cursor")
    func secondExpiryInARow() throws {
        var (model, next) = try Self.modelAfterRestart()

        let afterSecond = model.handle(response: Self.expired, for: next.id)
        #expect(afterSecond.isEmpty)
        #expect(
            model.notices.statusMessage
                == "Could not load contacts: The org's query cursor expired "
                + "(INVALID_QUERY_LOCATOR: invalid query locator). — r to retry")
        #expect(!model.isLoading)
        var sent: [RestRequest] = []
        for key in [Key.down, .down, .up, .end, .pageDown, .wheelDown] {
            sent += Fixtures.sentRequests(model.handle(key: key))
        }
        #expect(sent.isEmpty)
        #expect(model.dataRows.count == 20)

        // r runs the query afresh.
        let refresh = Fixtures.sentRequests(model.handle(key: .character("r")))
        #expect(refresh.count == 1 && Self.isFirstPage(refresh[0]))
    }

    @Test("an expiry after the restarted cursor served a page restarts again")
    func expiryAfterRecovery() throws {
        var (model, next) = try Self.modelAfterRestart()
        _ = model.handle(
            response: Fixtures.page(
                (20..<40).map { Fixtures.contact($0) }, totalSize: 60, nextRecordsUrl: "/next-b-40"),
            for: next.id)
        #expect(model.dataRows.count == 40)
        var sent: [RestRequest] = []
        for _ in 0..<25 { sent += Fixtures.sentRequests(model.handle(key: .down)) }
        #expect(sent.map(\.path) == ["/next-b-40"])
        let again = Fixtures.sentRequests(model.handle(response: Self.expired, for: sent[0].id))
        #expect(again.count == 1 && Self.isFirstPage(again[0]))
    }

    @Test("another failure of a next page keeps its cursor for r and says why")
    func otherFailureIsAPageError() throws {
        var (model, pageTwo) = try Self.modelWaitingForPageTwo()
        let effects = model.handle(response: .failure(.timedOut), for: pageTwo.id)
        #expect(effects.isEmpty)
        #expect(model.notices.statusMessage == "Could not load contacts: The request timed out. — r to retry")
        #expect(model.dataRows.count == 20)
    }
}
