import Foundation
import RestCore
import Testing

@testable import ContactList

/// The list reads a page only when it holds no more records than the page size it asked for.
@Suite struct PageLimitTests {
    @Test func aPageOfMoreRecordsThanAskedForIsOneSentenceAndNothingIsLost() throws {
        var model = ContactListModel(
            query: Fixtures.query, batchSize: 200, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        let first = Fixtures.sentRequests(model.start())[0]
        _ = model.handle(response: Fixtures.page((0..<200).map { Fixtures.contact($0) }), for: first.id)
        #expect(model.dataRows.count == 200)

        let refresh = Fixtures.sentRequests(model.handle(key: .character("r")))
        let request = try #require(refresh.first)
        _ = model.handle(response: Fixtures.page((0..<201).map { Fixtures.contact(1000 + $0) }), for: request.id)
        #expect(model.dataRows.count == 200)
        #expect(model.dataRows.first?.id == Fixtures.id(0))
        #expect(model.notices.statusMessage.contains("the query page holds 201 records, more than the 200 asked for"))
    }
}
