import Foundation
import MockOrg
import Testing

@testable import RestCore

/// The list-view factories on the wire, and each list-view resource of the mock org read through
/// its decoded type: every page of the views, a describe, results by limit and offset, the recent
/// views, the describe global and the compact layout.
@Suite struct ListViewRequestTests {
    @Test func theFactoriesNameTheResourcesOfTheObject() {
        let client = makeClient(InMemoryTransport())
        let base = "/services/data/v60.0/sobjects/Contact/listviews"
        #expect(client.requestForListViews(withObjectType: "Contact", apiVersion: "60.0").path == base)
        #expect(
            client.requestForRecentListViews(withObjectType: "Contact", apiVersion: "60.0").path == base + "/recent")
        let describe = client.requestForListViewDescribe(
            withObjectType: "Contact", listViewId: "00B5g0000000001AAA", apiVersion: "60.0")
        #expect(describe.path == base + "/00B5g0000000001AAA/describe")
        let results = client.requestForListViewResults(
            withObjectType: "Contact", listViewId: "00B5g0000000001AAA", limit: 50, offset: 100, apiVersion: "60.0")
        #expect(results.path == base + "/00B5g0000000001AAA/results")
        #expect(results.queryItems.map(\.name) == ["limit", "offset"])
        #expect(results.queryItems.map(\.value) == ["50", "100"])
        #expect(results.invalidReason == nil)
        #expect(
            client.requestForCompactLayout(withObjectType: "Account", apiVersion: "60.0").path
                == "/services/data/v60.0/sobjects/Account/describe/compactLayouts/primary")
        // Bad input is refused before anything is sent.
        #expect(client.requestForListViews(withObjectType: "").invalidReason == "the object type is empty.")
        #expect(
            client.requestForListViewDescribe(withObjectType: "Contact", listViewId: "").invalidReason
                == "the list view id is empty.")
        for (limit, offset) in [(0, 0), (2001, 0), (25, -1), (25, 2001)] {
            #expect(
                client.requestForListViewResults(
                    withObjectType: "Contact", listViewId: "x", limit: limit, offset: offset
                )
                .invalidReason != nil)
        }
    }

    @Test func everyPageOfTheViewsIsRead() async throws {
        var org = MockOrgConfiguration(contacts: 50)
        org.listViewPageSize = 2
        org.listViews = [try MockOrgListView(parsing: "Contact:Smiths:LastName = 'Smith'")]
        try await withMockOrg(org) { client, _ in
            let first = try ListViewList.decode(
                try await client.send(client.requestForListViews(withObjectType: "Contact")))
            #expect(first.listviews.count == 2)
            #expect(!first.done)
            #expect(first.nextRecordsUrl != nil)
            let views = try await client.listViews(ofObjectType: "Contact")
            #expect(views.count == first.size)
            #expect(Set(views.map(\.id)).count == views.count)
            #expect(views.contains { $0.label == "All Contacts" && $0.developerName == "AllContacts" })
            #expect(views.contains { $0.label == "New This Week" && $0.soqlCompatible })
            #expect(views.contains { $0.label == "Smiths" && $0.developerName == "Smiths" })
            #expect(views.contains { !$0.soqlCompatible })
            for view in views {
                #expect(view.id.hasPrefix("00B") && view.id.count == 18)
                #expect(view.describeUrl == view.url.map { $0 + "/describe" })
                #expect(view.resultsUrl == view.url.map { $0 + "/results" })
            }
        }
    }

    @Test func aDescribesQueryRunsAndItsColumnsFollowTheView() async throws {
        try await withMockOrg { client, _ in
            let views = try await client.listViews(ofObjectType: "Contact")
            let all = try #require(views.first { $0.isNamed("all contacts") })
            let response = try await client.send(
                client.requestForListViewDescribe(withObjectType: "Contact", listViewId: all.id))
            let description = try ListViewDescription.decode(response)
            #expect(description.id == all.id)
            #expect(description.sobjectType == "Contact")
            #expect(description.scope == "everything")
            let query = try #require(description.query)
            #expect(query.hasPrefix("SELECT Name, Account.Name, Title, Phone, Email, Id, CreatedDate"))
            #expect(
                description.visibleColumns.map(\.fieldNameOrPath) == [
                    "Name", "Account.Name", "Title", "Phone", "Email",
                ])
            #expect(description.visibleColumns.map(\.label).prefix(2) == ["Full Name", "Account Name"])
            #expect(description.columns.filter(\.hidden).map(\.fieldNameOrPath).first == "Id")
            let name = try #require(description.columns.first)
            #expect(name.sortDirection == "ascending" && name.sortIndex == 0 && name.sortable)
            #expect(description.orderBy.map(\.fieldNameOrPath) == ["Name", "Id"])
            #expect(description.whereCondition?["conditions"] == .array([]))
            // The query is one the org runs.
            let page = try QueryResult.decode(try await client.send(client.request(forQuery: query)))
            #expect(page.totalSize == 200)
        }
    }

    @Test func resultsPageByLimitAndOffsetInTheQuerysOrder() async throws {
        try await withMockOrg { client, _ in
            let views = try await client.listViews(ofObjectType: "Contact")
            let all = try #require(views.first { $0.developerName == "AllContacts" })
            let description = try ListViewDescription.decode(
                try await client.send(client.requestForListViewDescribe(withObjectType: "Contact", listViewId: all.id)))
            let queried = try QueryResult.decode(
                try await client.send(client.request(forQuery: try #require(description.query) + " LIMIT 12")))
            let expected = queried.records.compactMap { $0["Id"]?.stringValue }
            var ids: [String] = []
            for offset in stride(from: 0, to: 12, by: 5) {
                let response = try await client.send(
                    client.requestForListViewResults(
                        withObjectType: "Contact", listViewId: all.id, limit: min(5, 12 - offset), offset: offset))
                let results = try ListViewResults.decode(response)
                #expect(
                    results.id == all.id && results.label == "All Contacts" && results.developerName == "AllContacts")
                #expect(results.size == results.records.count)
                #expect(!results.done)
                #expect(results.columns.map(\.fieldNameOrPath) == description.columns.map(\.fieldNameOrPath))
                ids += results.records.compactMap { $0["Id"] }
            }
            #expect(!expected.isEmpty && ids == expected)
            // The last page says it is the last.
            let last = try ListViewResults.decode(
                try await client.send(
                    client.requestForListViewResults(
                        withObjectType: "Contact", listViewId: all.id, limit: 10, offset: 195)))
            #expect(last.records.count == 5 && last.done)
        }
    }

    @Test func aViewThatIsNotSOQLCompatibleIsReadThroughItsResults() async throws {
        try await withMockOrg { client, _ in
            let views = try await client.listViews(ofObjectType: "Contact")
            let recent = try #require(views.first { !$0.soqlCompatible })
            let description = try ListViewDescription.decode(
                try await client.send(
                    client.requestForListViewDescribe(withObjectType: "Contact", listViewId: recent.id)))
            #expect(description.query == nil)
            let results = try ListViewResults.decode(
                try await client.send(
                    client.requestForListViewResults(withObjectType: "Contact", listViewId: recent.id, limit: 30)))
            #expect(results.records.count == 30)
            #expect(results.records.allSatisfy { $0["Id"]?.hasPrefix("003") == true })
        }
    }

    @Test func anUnknownViewIsNotFoundAndABadLimitIsRefusedByTheOrg() async throws {
        try await withMockOrg { client, endpoint in
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(
                    client.requestForListViewDescribe(withObjectType: "Contact", listViewId: "00B5g00000000zzAAA"))
            }
            #expect(error?.httpStatus == 404)
            #expect(error?.salesforceErrors.first?.errorCode == "NOT_FOUND")
            // A view of Account is no view of Contact.
            let account = try #require(try await client.listViews(ofObjectType: "Account").first)
            let crossed = await #expect(throws: RestClientError.self) {
                try await client.send(
                    client.requestForListViewDescribe(withObjectType: "Contact", listViewId: account.id))
            }
            #expect(crossed?.httpStatus == 404)
            // The org checks the bounds too, for a client that skips the factory's.
            var tooMany = client.requestForListViewResults(withObjectType: "Account", listViewId: account.id)
            tooMany.queryItems = [(name: "limit", value: "2001")]
            let refused = await #expect(throws: RestClientError.self) { try await client.send(tooMany) }
            #expect(refused?.httpStatus == 400)
            #expect(refused?.salesforceErrors.first?.errorCode == "NUMBER_OUTSIDE_VALID_RANGE")
        }
    }

    @Test func theRecentViewsLeadWithTheLastOneRead() async throws {
        try await withMockOrg { client, _ in
            let recentRequest = client.requestForRecentListViews(withObjectType: "Case")
            #expect(try ListViewList.decode(try await client.send(recentRequest)).listviews.isEmpty)
            let views = try await client.listViews(ofObjectType: "Case")
            #expect(views.count >= 2)
            for view in views.prefix(2) {
                _ = try await client.send(
                    client.requestForListViewDescribe(withObjectType: "Case", listViewId: view.id))
            }
            let recent = try ListViewList.decode(try await client.send(recentRequest))
            #expect(recent.listviews.map(\.id) == [views[1].id, views[0].id])
            #expect(recent.done)
        }
    }

    @Test func theDescribeGlobalAndTheCompactLayoutNameTheObjectsAndTheirFields() async throws {
        try await withMockOrg { client, _ in
            let global = try DescribeGlobal.decode(try await client.send(client.request(forDescribeGlobal: nil)))
            #expect(global.encoding == "UTF-8" && global.maxBatchSize == 200)
            #expect(Set(global.sobjects.map(\.name)) == ["Account", "Contact", "Case", "User"])
            let contact = try #require(global.sobjects.first { $0.name == "Contact" })
            #expect(contact.keyPrefix == "003" && contact.labelPlural == "Contacts" && contact.queryable)
            let layout = try CompactLayout.decode(
                try await client.send(client.requestForCompactLayout(withObjectType: "Contact")))
            #expect(layout.objectType == "Contact")
            #expect(layout.fieldNames == ["Name", "Title", "AccountId", "Phone", "Email"])
            #expect(layout.fieldItems.first?.label == "Full Name")
        }
    }
}
