import Foundation
import RestCore
import Testing

@testable import ContactList

/// The org search beside the filter: driven with effects only, so the debounce is a delay the
/// test reads off the effect (no clock, no sleep) and a cancel is an effect naming the request.
@Suite("Org search")
struct OrgSearchTests {
    /// A model that loaded the first `loaded` of `total` contacts; more pages remain.
    static func partlyLoaded(_ loaded: Int = 5, total: Int = 50, visibleRows: Int = 10) -> ContactListModel {
        partlyLoadedFetchingMore(loaded, total: total, visibleRows: visibleRows).model
    }

    /// `partlyLoaded`, with the next page it asked for at once (the rows fill less than a screen).
    static func partlyLoadedFetchingMore(
        _ loaded: Int, total: Int = 50, visibleRows: Int
    ) -> (model: ContactListModel, nextPage: RestRequest?) {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = visibleRows
        let first = Fixtures.sentRequests(model.start())[0]
        let effects = model.handle(
            response: Fixtures.page(
                (0..<loaded).map { Fixtures.contact($0) }, totalSize: total, nextRecordsUrl: "/next"),
            for: first.id)
        return (model, Fixtures.sentRequests(effects).first)
    }

    /// A search response with the given contacts.
    static func found(_ indices: [Int]) -> Result<RestResponse, RestClientError> {
        let body: [String: Any] = ["searchRecords": indices.map { Fixtures.contact($0) }]
        let data = try! JSONSerialization.data(withJSONObject: body)
        return .success(RestResponse(status: 200, headers: [:], body: Array(data)))
    }

    /// The searches the effects schedule, with their delays.
    static func scheduled(_ effects: [ContactListEffect]) -> [(request: RestRequest, delay: Duration)] {
        effects.compactMap { effect in
            if case .sendAfter(let request, let delay) = effect { return (request, delay) }
            return nil
        }
    }

    static func cancelled(_ effects: [ContactListEffect]) -> [RestRequestID] {
        effects.compactMap { effect in
            if case .cancel(let id) = effect { return id }
            return nil
        }
    }

    /// Presses `/` and types `text`; returns every effect.
    static func filter(_ text: String, in model: inout ContactListModel) -> [ContactListEffect] {
        model.handle(key: .character("/")) + Fixtures.type(text, into: &model)
    }

    static func sosl(of request: RestRequest) -> String? {
        request.queryItems.first { $0.name == "q" }?.value
    }

    @Test("two characters schedule one SOSL search after the pause in typing")
    func schedulesSearch() async throws {
        var model = Self.partlyLoaded()
        let effects = Self.filter("Co", in: &model)
        let searches = Self.scheduled(effects)
        let search = try #require(searches.last)
        #expect(searches.count == 1)
        #expect(Fixtures.sentRequests(effects).isEmpty, "nothing goes out before the pause")
        #expect(search.delay == .milliseconds(200))
        #expect(search.request.path.hasSuffix("/search"))
        #expect(
            Self.sosl(of: search.request)
                == "FIND {Co*} IN ALL FIELDS RETURNING Contact(Id, Name, Title, Email, Phone, Account.Name, LastModifiedDate) LIMIT 200"
        )
        #expect(model.rows.orgSearch.isSearching)
        #expect(model.needsAnimation)
    }

    @Test("one character, or a list loaded whole, searches nothing")
    func nothingToSearch() async {
        var model = Self.partlyLoaded()
        #expect(Self.scheduled(Self.filter("C", in: &model)).isEmpty)
        #expect(Self.scheduled(Fixtures.type(" -*", into: &model)).isEmpty, "one letter and reserved characters")
        var whole = Fixtures.loadedModel(count: 5)
        #expect(Self.scheduled(Self.filter("Contact", in: &whole)).isEmpty)
        #expect(!whole.rows.orgSearch.isSearching)
    }

    @Test("a newer keystroke cancels the older search, and its answer is ignored")
    func newerKeystrokeCancels() async throws {
        var model = Self.partlyLoaded()
        let older = try #require(Self.scheduled(Self.filter("Co", in: &model)).first).request
        let effects = Fixtures.type("n", into: &model)
        #expect(Self.cancelled(effects) == [older.id])
        let newer = try #require(Self.scheduled(effects).first).request
        #expect(Self.sosl(of: newer)?.hasPrefix("FIND {Con*}") == true)
        // The older answer arrives anyway (it was in flight): nothing changes.
        _ = model.handle(response: Self.found([30]), for: older.id)
        #expect(model.rows.orgSearch.rowCount == 0)
        #expect(model.rows.orgSearch.isSearching)
        _ = model.handle(response: Self.found([30]), for: newer.id)
        #expect(model.rows.orgSearch.rowCount == 1)
        #expect(!model.rows.orgSearch.isSearching)
    }

    @Test("results come after the local matches, under a divider, each record once")
    func resultsBelowTheDivider() async throws {
        var model = Self.partlyLoaded(visibleRows: 12)
        let search = try #require(Self.scheduled(Self.filter("Contact 00", in: &model)).last).request
        // 3 is loaded already: it shows once, in the local part.
        _ = model.handle(response: Self.found([40, 3, 41]), for: search.id)
        #expect(model.localMatchCount == 5)
        #expect(model.shownCount == 7)
        #expect(
            (0..<model.shownCount).map { model.shownRecord(at: $0).id } == ([0, 1, 2, 3, 4, 40, 41].map(Fixtures.id)))
        #expect(model.hasOrgDivider)
        let lines = ListView(model: model).frame(width: 60, height: 9).lines
        #expect(lines[5].hasPrefix(" Contact 0004"))
        #expect(lines[6].hasPrefix(" ── in the org ─"))
        #expect(lines[7].hasPrefix(" Contact 0040"))
        #expect(lines[8].hasPrefix(" Contact 0041"))
        #expect(StatusLine(model: model).text.hasPrefix(" 5 of 50 loaded · /Contact 00: 5 matches · 2 more in the org"))
    }

    @Test("the selection walks into the org's rows; Enter opens one and d deletes it with rollback")
    func orgRowsAreRows() async throws {
        var model = Self.partlyLoaded(2, visibleRows: 3)
        let search = try #require(Self.scheduled(Self.filter("Contact", in: &model)).last).request
        _ = model.handle(response: Self.found([20, 21]), for: search.id)
        _ = model.handle(key: .enter)  // leaves the filter's text field
        for _ in 0..<2 { _ = model.handle(key: .down) }
        #expect(model.selectedRecord?.id == Fixtures.id(20))
        // Three lines: the divider takes one, so the list scrolls to keep the selection in view.
        #expect(model.viewport.scrollOffset == 1)
        let open = Fixtures.sentRequests(model.handle(key: .enter))
        #expect(open.first?.path.hasSuffix("/sobjects/Contact/\(Fixtures.id(20))") == true)
        _ = model.handle(key: .escape)
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(delete.method == .DELETE && delete.path.hasSuffix(Fixtures.id(20)))
        #expect(model.rows.orgSearch.rowCount == 1)
        #expect(!model.dataRows.contains { $0.id == Fixtures.id(20) })
        _ = model.handle(response: Fixtures.deleteFailed, for: delete.id)
        #expect(model.notices.alerts.count == 1)
        #expect(model.dataRows.first?.id == Fixtures.id(20), "a refused delete puts the row back on top")
    }

    @Test("e on an org row: the editor takes that row's line, below the divider")
    func editorBelowTheDivider() async throws {
        var model = Self.partlyLoaded(2, visibleRows: 6)
        let search = try #require(Self.scheduled(Self.filter("Contact", in: &model)).last).request
        _ = model.handle(response: Self.found([20]), for: search.id)
        _ = model.handle(key: .enter)  // leaves the filter's text field
        for _ in 0..<2 { _ = model.handle(key: .down) }
        for _ in 0..<2 { _ = model.handle(key: .character("l")) }  // the cursor on Email
        let describe = try #require(Fixtures.sentRequests(model.handle(key: .character("e"))).first)
        _ = model.handle(response: EditTests.describe, for: describe.id)
        #expect(model.fieldEditor != nil)
        let lines = ListView(model: model).frame(width: 60, height: 8).lines
        #expect(lines[2].hasPrefix(" Contact 0001"))
        #expect(lines[3].hasPrefix(" ── in the org ─"))
        #expect(lines[4].contains("c20@example.com") && !lines[4].contains("Contact 0020"))
    }

    @Test("a page that arrives meanwhile goes before the divider; a record it loads shows once")
    func pageWhileSearching() async throws {
        var (model, nextPage) = Self.partlyLoadedFetchingMore(2, visibleRows: 3)
        let page = try #require(nextPage)
        let search = try #require(Self.scheduled(Self.filter("Contact", in: &model)).last).request
        _ = model.handle(response: Self.found([2, 30]), for: search.id)
        _ = model.handle(key: .enter)
        for _ in 0..<5 { _ = model.handle(key: .down) }
        #expect(model.selectedRecord?.id == Fixtures.id(30))
        _ = model.handle(response: Fixtures.page((2..<4).map { Fixtures.contact($0) }, totalSize: 50), for: page.id)
        #expect((0..<model.shownCount).map { model.shownRecord(at: $0).id } == [0, 1, 2, 3, 30].map(Fixtures.id))
        #expect(model.rows.orgSearch.rowCount == 1)
        #expect(model.selectedRecord?.id == Fixtures.id(30), "the selection stays on its record")
        #expect(StatusLine(model: model).text.hasPrefix(" 4 of 50 loaded"))
    }

    @Test("Esc leaves the filter, cancels the search and drops the org's rows")
    func escapeDropsResults() async throws {
        var model = Self.partlyLoaded()
        let search = try #require(Self.scheduled(Self.filter("Contact", in: &model)).last).request
        _ = model.handle(response: Self.found([30]), for: search.id)
        let again = try #require(Self.scheduled(Fixtures.type("s", into: &model)).first).request
        #expect(model.rows.orgSearch.rowCount == 0, "rows of another text go at once")
        let effects = model.handle(key: .escape)
        #expect(Self.cancelled(effects) == [again.id])
        #expect(model.dataRows.count == 5)
        #expect(model.shownCount == 5)
        #expect(!model.rows.orgSearch.isSearching && !model.hasOrgDivider)
    }

    @Test("a failed search says so in one sentence in the status line")
    func failureInStatus() async throws {
        var model = Self.partlyLoaded()
        let search = try #require(Self.scheduled(Self.filter("Co", in: &model)).first).request
        _ = model.handle(
            response: Fixtures.refusal(400, "MALFORMED_SEARCH", "No search term found."), for: search.id)
        #expect(model.notices.statusMessage.hasPrefix("Could not search the org: "))
        #expect(model.notices.statusMessage.contains("No search term found."))
        #expect(!model.notices.statusMessage.contains("\n"))
        #expect(model.shownCount == 5)
        let next = try #require(Self.scheduled(Fixtures.type("n", into: &model)).first).request
        _ = model.handle(response: Self.found([]), for: next.id)
        #expect(model.notices.statusMessage.isEmpty, "the next answer clears it")
    }

    @Test("reserved characters are escaped, so no name can end the FIND clause")
    func escaping() async throws {
        let sosl = try #require(
            SOSLText.search(
                for: #"O'Neil} RETURNING User(Id) {x"#, object: SOSLText.object(ofQuery: Fixtures.query),
                columns: [Column(field: "Name")]))
        #expect(
            sosl
                == #"FIND {O\'Neil\} RETURNING User\(Id\) \{x*} IN ALL FIELDS RETURNING Contact(Id, Name, LastModifiedDate) LIMIT 200"#
        )
        for character in SOSLText.reservedCharacters {
            #expect(SOSLText.escaped("a\(character)b") == "a\\\(character)b")
        }
        #expect(SOSLText.search(for: "a", object: "Contact", columns: []) == nil)
        #expect(SOSLText.object(ofQuery: "SELECT Id, Company FROM Lead") == "Lead")
        #expect(SOSLText.object(ofQuery: "not SOQL") == "Contact")
        #expect(
            SOSLText.search(for: "Lead", object: "Lead", columns: [Column(field: "Company")])?
                .hasSuffix("RETURNING Lead(Id, Company, LastModifiedDate) LIMIT 200") == true)
    }
}
