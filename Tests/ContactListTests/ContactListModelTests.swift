import RestCore
import Testing

@testable import ContactList

@Suite("Contact list model")
struct ContactListModelTests {
    @Test("starts by querying the first page with the batch size")
    func start() async throws {
        let client = Fixtures.client()
        var model = ContactListModel(query: Fixtures.query, batchSize: 200, origin: "o", requests: client)
        let requests = Fixtures.sentRequests(model.start())
        #expect(requests.count == 1)
        #expect(requests.first?.path.hasSuffix("/query") == true)
        #expect(requests.first?.headers[.sforceQueryOptions] == "batchSize=200")
        #expect(model.isLoading)
    }

    @Test("j and k move within the rows; q quits")
    func moves() async {
        var model = Fixtures.loadedModel(count: 3)
        #expect(model.viewport.selection == 0)
        _ = model.handle(key: .character("k"))
        #expect(model.viewport.selection == 0)
        _ = model.handle(key: .character("j"))
        _ = model.handle(key: .down)
        _ = model.handle(key: .down)
        #expect(model.viewport.selection == 2)
        _ = model.handle(key: .up)
        #expect(model.viewport.selection == 1)
        let effects = model.handle(key: .character("q"))
        #expect(effects.contains { if case .quit = $0 { true } else { false } })
    }

    @Test("the next page loads when the selection nears the end, and appends")
    func paging() async throws {
        let client = Fixtures.client()
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: client)
        model.visibleRowCount = 5
        let first = Fixtures.sentRequests(model.start())[0]
        let afterFirst = model.handle(
            response: Fixtures.page((0..<20).map { Fixtures.contact($0) }, totalSize: 40, nextRecordsUrl: "/next"),
            for: first.id)
        #expect(Fixtures.sentRequests(afterFirst).isEmpty)
        var next: [RestRequestSummary] = []
        for _ in 0..<15 {
            next += Fixtures.sentRequests(model.handle(key: .down)).map { RestRequestSummary(path: $0.path, id: $0.id) }
        }
        let request = try #require(next.first)
        #expect(next.count == 1)
        #expect(request.path == "/next")
        _ = model.handle(
            response: Fixtures.page((20..<40).map { Fixtures.contact($0) }, totalSize: 40), for: request.id)
        #expect(model.dataRows.count == 40)
        #expect(Set(model.dataRows.map(\.id)).count == 40)
        #expect(!model.isLoading)
    }

    @Test("a failed load says why in the status line")
    func loadFailure() async {
        let client = Fixtures.client()
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: client)
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(response: .failure(.timedOut), for: first.id)
        #expect(model.notices.statusMessage.hasPrefix("Could not load contacts"))
        #expect(model.notices.statusMessage.hasSuffix(" — r to retry"))
        #expect(!model.isLoading)
    }
}

struct RestRequestSummary {
    var path: String
    var id: RestRequestID
}
