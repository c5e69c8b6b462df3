import Foundation
import HummingbirdTesting
import SOQL
import Testing

@testable import MockOrg

/// The list view resources in process: their keys as the REST API Developer Guide shows them, the
/// seeded and added views, the describe's filter, the results' bounds and the errors.
@Suite struct ListViewRouteTests {
    static let base = "/services/data/v66.0/sobjects"

    /// The list's entry of the view `developerName` of `object`.
    static func view(
        _ developerName: String, of object: String, _ client: any TestClientProtocol, _ org: TestOrg
    ) async throws -> [String: Any] {
        let reply = try await client.get(base + "/" + object + "/listviews", headers: org.authorization)
        let views = try #require(reply.object?["listviews"] as? [[String: Any]])
        return try #require(views.first { $0["developerName"] as? String == developerName })
    }

    @Test func theListHasTheGuidesKeysAndTheSeededViews() async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await client.get(Self.base + "/Contact/listviews", headers: org.authorization)
            #expect(reply.status == 200)
            let object = try #require(reply.object)
            #expect(Set(object.keys) == ["done", "listviews", "nextRecordsUrl", "size", "sobjectType"])
            #expect(object["done"] as? Bool == true)
            #expect(object["nextRecordsUrl"] is NSNull)
            let views = try #require(object["listviews"] as? [[String: Any]])
            #expect(object["size"] as? Int == views.count)
            #expect(
                views.map { $0["label"] as? String } == [
                    "All Contacts", "My Contacts", "New This Week", "Recently Viewed Contacts",
                ])
            for view in views {
                #expect(
                    Set(view.keys) == [
                        "describeUrl", "developerName", "id", "label", "resultsUrl", "soqlCompatible", "url",
                    ])
                let id = try #require(view["id"] as? String)
                #expect(id.hasPrefix("00B") && SalesforceID.isWellFormed(id) && id.count == 18)
                #expect(view["url"] as? String == Self.base + "/Contact/listviews/" + id)
            }
            for object in ["Account", "Case"] {
                let reply = try await client.get(Self.base + "/" + object + "/listviews", headers: org.authorization)
                #expect((reply.object?["listviews"] as? [Any])?.count ?? 0 >= 2, "\(object)")
            }
        }
    }

    @Test func aDescribeHasTheGuidesKeysAndItsFilterAsAWhereCondition() async throws {
        let org = TestOrg()
        try await org.test { client in
            let newThisWeek = try await Self.view("NewThisWeek", of: "Contact", client, org)
            let reply = try await client.get(
                try #require(newThisWeek["describeUrl"] as? String), headers: org.authorization)
            let describe = try #require(reply.object)
            #expect(
                Set(describe.keys) == [
                    "columns", "id", "orderBy", "query", "relatedEntityId", "scope", "scopeEntityId", "sobjectType",
                    "whereCondition",
                ])
            #expect(
                describe["query"] as? String
                    == "SELECT Name, Account.Name, Title, Phone, Email, Id, CreatedDate, LastModifiedDate, SystemModstamp"
                    + " FROM Contact WHERE CreatedDate = THIS_WEEK ORDER BY Name ASC NULLS FIRST, Id ASC NULLS FIRST")
            let condition = try #require(describe["whereCondition"] as? [String: Any])
            #expect(condition["field"] as? String == "CreatedDate")
            #expect(condition["operator"] as? String == "equals")
            #expect(condition["values"] as? [String] == ["THIS_WEEK"])
            let columns = try #require(describe["columns"] as? [[String: Any]])
            #expect(
                Set(columns[0].keys) == [
                    "ascendingLabel", "descendingLabel", "fieldNameOrPath", "hidden", "label", "searchable",
                    "selectListItem", "sortDirection", "sortIndex", "sortable", "type",
                ])
            #expect(
                columns.map { $0["hidden"] as? Bool } == Array(repeating: false, count: 5)
                    + Array(repeating: true, count: 4))
            #expect(columns.last?["type"] as? String == "datetime")
            let order = try #require(describe["orderBy"] as? [[String: Any]])
            #expect(order.first?["nullsPosition"] as? String == "first")
        }
    }

    @Test func newThisWeekListsTheContactsCreatedInThePinnedWeek() async throws {
        let probe = TestOrg(MockOrgConfiguration(contacts: 300))
        let created = probe.contacts[7].createdDate
        var configuration = MockOrgConfiguration(contacts: 300)
        configuration.clock = { Date(timeIntervalSince1970: Double(created) / 1000) }
        let org = TestOrg(configuration)
        let week = try #require(DateLiteral.range("THIS_WEEK", count: nil, now: created))
        let expected = Set(
            org.contacts.indices.filter { week.contains(org.contacts[$0].createdDate) }
                .map { SalesforceID.make(keyPrefix: "003", serial: $0 + 1) })
        try await org.test { client in
            let view = try await Self.view("NewThisWeek", of: "Contact", client, org)
            let results = try await client.get(
                try #require(view["resultsUrl"] as? String) + "?limit=2000", headers: org.authorization)
            let records = try #require(results.object?["records"] as? [[String: Any]])
            let ids = records.compactMap { record in
                (record["columns"] as? [[String: Any]])?.first { $0["fieldNameOrPath"] as? String == "Id" }?["value"]
                    as? String
            }
            #expect(Set(ids) == expected)
            #expect(!expected.isEmpty)
            #expect(results.object?["size"] as? Int == expected.count)
        }
    }

    @Test func myContactsAreTheContactsOfTheOrgsUser() async throws {
        let org = TestOrg()
        let owner = MockOrgConfiguration.orgUserID
        try await org.test { client in
            let view = try await Self.view("MyContacts", of: "Contact", client, org)
            #expect(view["label"] as? String == "My Contacts")
            let describeURL = try #require(view["describeUrl"] as? String)
            let describe = try #require(try await client.get(describeURL, headers: org.authorization).object)
            #expect(describe["scope"] as? String == "mine")
            let query = try #require(describe["query"] as? String)
            #expect(query.contains("WHERE OwnerId = '" + owner + "'"))
            let mine = try await client.query(
                "SELECT Id FROM Contact WHERE OwnerId = '" + owner + "'", headers: org.authorization)
            let all = try await client.query("SELECT COUNT() FROM Contact", headers: org.authorization)
            let count = try #require(mine.object?["totalSize"] as? Int)
            #expect(count > 0 && count < all.object?["totalSize"] as? Int ?? 0)
            let results = try await client.get(
                try #require(view["resultsUrl"] as? String) + "?limit=2000", headers: org.authorization)
            let records = try #require(results.object?["records"] as? [[String: Any]])
            #expect(records.count == count)
            let viewed = try await client.query(query, headers: org.authorization)
            #expect(
                Set(viewed.records.compactMap { $0["Id"] as? String })
                    == Set(mine.records.compactMap { $0["Id"] as? String }))
        }
    }

    @Test func resultsGiveEveryValueAsTextOrNull() async throws {
        let org = TestOrg()
        try await org.test { client in
            let all = try await Self.view("AllAccounts", of: "Account", client, org)
            let reply = try await client.get(
                try #require(all["resultsUrl"] as? String) + "?limit=3&offset=2", headers: org.authorization)
            let object = try #require(reply.object)
            #expect(
                Set(object.keys) == ["columns", "developerName", "done", "id", "label", "records", "size"])
            #expect(object["size"] as? Int == 3)
            #expect(object["done"] as? Bool == false)
            let records = try #require(object["records"] as? [[String: Any]])
            #expect(records.count == 3)
            for record in records {
                let columns = try #require(record["columns"] as? [[String: Any]])
                #expect(columns.count == 9)
                for column in columns {
                    #expect(column["value"] is String || column["value"] is NSNull)
                }
            }
        }
    }

    @Test(arguments: [
        ("limit=0", "NUMBER_OUTSIDE_VALID_RANGE"), ("limit=2001", "NUMBER_OUTSIDE_VALID_RANGE"),
        ("offset=2001", "NUMBER_OUTSIDE_VALID_RANGE"), ("offset=-1", "NUMBER_OUTSIDE_VALID_RANGE"),
        ("limit=ten", "INVALID_PARAMETER_VALUE"),
    ])
    func resultsOutsideTheGuidesBoundsAreRefused(query: String, code: String) async throws {
        let org = TestOrg()
        let id = SalesforceID.make(keyPrefix: "00B", serial: 1)
        try await org.test { client in
            let reply = try await client.get(
                Self.base + "/Contact/listviews/" + id + "/results?" + query, headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == code)
        }
    }

    @Test func anUnknownViewIsNotFoundInSalesforcesJSON() async throws {
        let org = TestOrg()
        try await org.test { client in
            let accountView = try #require(
                try await Self.view("AllAccounts", of: "Account", client, org)["id"] as? String)
            for path in [
                "/Contact/listviews/00B5g00000000zzAAA/describe", "/Contact/listviews/nonsense/results",
                "/Contact/listviews/" + accountView + "/describe", "/Nothing/listviews",
            ] {
                let reply = try await client.get(Self.base + path, headers: org.authorization)
                #expect(reply.status == 404, "\(path)")
                #expect(reply.error?.code == "NOT_FOUND", "\(path)")
            }
            // The 15-character form of an id names the same view.
            let first = SalesforceID.make(keyPrefix: "00B", serial: 1)
            let short = try await client.get(
                Self.base + "/Contact/listviews/" + first.prefix(15) + "/describe", headers: org.authorization)
            #expect(short.object?["id"] as? String == first)
        }
    }

    @Test func anAddedViewIsListedWithItsFilter() async throws {
        var configuration = MockOrgConfiguration(contacts: 200)
        configuration.listViews = [
            try MockOrgListView(parsing: "contact:Big Smiths!:WHERE LastName = 'Smith' AND Email != null"),
            try MockOrgListView(parsing: "Case:Everything:"),
        ]
        let org = TestOrg(configuration)
        let smiths = org.contacts.filter { $0.lastName == "Smith" && $0.email != nil }.count
        try await org.test { client in
            let added = try await Self.view("Big_Smiths", of: "Contact", client, org)
            #expect(added["label"] as? String == "Big Smiths!")
            let describe = try await client.get(
                try #require(added["describeUrl"] as? String), headers: org.authorization)
            let condition = try #require(describe.object?["whereCondition"] as? [String: Any])
            #expect(condition["conjunction"] as? String == "and")
            let terms = try #require(condition["conditions"] as? [[String: Any]])
            #expect(terms.first?["values"] as? [String] == ["'Smith'"])
            #expect(terms.last?["operator"] as? String == "notEquals")
            let query = try #require(describe.object?["query"] as? String)
            let page = try await client.query(query, headers: org.authorization)
            #expect(page.object?["totalSize"] as? Int == smiths)
            let cases = try await client.get(Self.base + "/Case/listviews", headers: org.authorization)
            #expect((cases.object?["listviews"] as? [[String: Any]])?.last?["label"] as? String == "Everything")
        }
    }

    @Test(arguments: [
        ("Contact", "is written OBJECT:LABEL:WHERE clause"), ("Lead:Mine:", "is not one this org has"),
        ("Contact::Name = 'x'", "label must be 1 to 40 characters"),
        ("Contact:Bad:Nope = 'x'", "has a WHERE clause the org cannot run: No such column 'Nope'"),
        ("Contact:Bad:LastName = 'x' AND", "unexpected token: '<EOF>'"),
    ])
    func aBadListViewIsOneSentence(text: String, fragment: String) {
        #expect {
            try MockOrgListView(parsing: text)
        } throws: { error in
            let sentence = (error as? MockOrgListViewError)?.description ?? ""
            return sentence.lowercased().contains(fragment.lowercased()) && !sentence.contains("\n")
        }
    }

    @Test func theCompactLayoutListsTheFieldsThatNameARecord() async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await client.get(
                Self.base + "/Case/describe/compactLayouts/primary", headers: org.authorization)
            let layout = try #require(reply.object)
            #expect(layout["objectType"] as? String == "Case")
            let items = try #require(layout["fieldItems"] as? [[String: Any]])
            let values = items.compactMap { ($0["layoutComponents"] as? [[String: Any]])?.first?["value"] as? String }
            #expect(values == ["CaseNumber", "Subject", "Status", "ContactId"])
            let unknown = try await client.get(
                Self.base + "/Nothing/describe/compactLayouts/primary", headers: org.authorization)
            #expect(unknown.status == 404)
        }
    }
}
