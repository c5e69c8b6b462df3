import MockOrg
import RestCore
import TestSupport
import Testing

@testable import ContactList

/// The filter searches the loaded rows only: a filter that matches nothing must not page
/// through the org by itself, and moving down past its last row loads one page per key.
@Suite("Filter: paging against a live mock org")
struct FilterPagingTests {
    /// Sends every request the effects ask for to the org, and the effects of the answers
    /// after them, until none is left; returns how many requests were sent.
    @discardableResult
    static func run(_ effects: [ContactListEffect], _ model: inout ContactListModel, client: RestClient) async -> Int {
        var queue = Fixtures.sentRequests(effects)
        var sent = 0
        while !queue.isEmpty {
            let request = queue.removeFirst()
            sent += 1
            let result: Result<RestResponse, RestClientError>
            do {
                result = .success(try await client.send(request))
            } catch {
                result = .failure(error)
            }
            queue += Fixtures.sentRequests(model.handle(response: result, for: request.id))
        }
        return sent
    }

    /// A model showing 20 rows of the org, with its first page loaded.
    static func started(_ org: LiveOrg) async -> ContactListModel {
        var model = ContactListModel(query: Fixtures.query, batchSize: 200, origin: "mock", requests: org.client)
        model.visibleRowCount = 20
        await run(model.start(), &model, client: org.client)
        return model
    }

    /// The org's count of API requests, as its last answer reported it.
    static func orgCount(_ client: RestClient) throws -> Int {
        try #require(client.apiUsage).used
    }

    @Test("a filter that matches nothing fetches no page by itself; ↓ on its end fetches one per press")
    func noMatchDoesNotPage() async throws {
        // 20 pages of 200 contacts.
        try await LiveOrg.with(MockOrgConfiguration(contacts: 4000)) { org in
            var model = await Self.started(org)
            #expect(model.dataRows.count == 200)
            let afterFirstPage = try Self.orgCount(org.client)

            var typed = 0
            for key in [Key.character("/")] + "zzqx no such contact".map({ Key.character($0) }) {
                typed += await Self.run(model.handle(key: key), &model, client: org.client)
            }
            #expect(model.shownCount == 0)
            #expect(typed == 0)
            #expect(try Self.orgCount(org.client) == afterFirstPage, "typing the filter reached the org")
            #expect(ListView(model: model).frame(width: 80, height: 3).text.contains("↓ loads the next page"))

            // Each ↓ past the (empty) end loads exactly one more page, and nothing follows by itself.
            for press in 1...3 {
                let sent = await Self.run(model.handle(key: .down), &model, client: org.client)
                #expect(sent == 1)
                #expect(model.dataRows.count == 200 * (1 + press))
            }
            #expect(try Self.orgCount(org.client) == afterFirstPage + 3)

            // Enter keeps the filter; j on the end of the list still loads one page a press.
            await Self.run(model.handle(key: .enter), &model, client: org.client)
            #expect(await Self.run(model.handle(key: .character("j")), &model, client: org.client) == 1)
            #expect(await Self.run(model.handle(key: .character("k")), &model, client: org.client) == 0)

            // Without the filter the list loads as the selection nears the end, as before.
            await Self.run(model.handle(key: .escape), &model, client: org.client)
            // G with pages left asks first; any key but y goes to the last loaded row, as before.
            await Self.run(model.handle(key: .character("G")), &model, client: org.client)
            #expect(model.focus == .loadAllPrompt)
            await Self.run(model.handle(key: .character("n")), &model, client: org.client)
            #expect(model.dataRows.count == 200 * 6)
            #expect(try Self.orgCount(org.client) == afterFirstPage + 5)
        }
    }

    @Test("a filter that matches loaded rows shows them without loading; ↓ past the last match loads one page")
    func matchesAtTheEnd() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 1000)) { org in
            var model = await Self.started(org)
            let name = try #require(model.dataRows.first?.displayName)
            var sent = 0
            for key in [Key.character("/")] + name.map({ Key.character($0) }) {
                sent += await Self.run(model.handle(key: key), &model, client: org.client)
            }
            #expect(sent == 0)
            #expect(model.shownCount >= 1)
            // Moving within the matches loads nothing; moving down from the last one loads one page.
            while model.viewport.selection < model.shownCount - 1 {
                #expect(await Self.run(model.handle(key: .down), &model, client: org.client) == 0)
            }
            #expect(await Self.run(model.handle(key: .down), &model, client: org.client) == 1)
            #expect(model.dataRows.count == 400)
        }
    }
}
