import Foundation
import RestCore
import Testing

@testable import ContactList

/// A delete that takes other records with it (an Account's Contacts) asks first, naming them;
/// what goes with each record is counted with its page, so `d` costs no extra request.
@Suite("Deletes that take other records with them")
struct CascadeDeleteTests {
    static let query = "SELECT Id, Name, Industry FROM Account ORDER BY Name"

    /// An Account describe as a plain org has it: Contacts cascade; Cases restrict; the record's
    /// own history and shares cascade but do not count.
    static let describe: Result<RestResponse, RestClientError> = json([
        "name": "Account", "label": "Account", "labelPlural": "Accounts",
        "fields": [
            ["name": "Id", "type": "id", "updateable": false], ["name": "Name", "type": "string", "updateable": true],
        ],
        "childRelationships": [
            relationship("Contact", "Contacts", cascade: true),
            relationship("Case", "Cases", cascade: false),
            relationship("AccountHistory", "Histories", cascade: true),
            relationship("AccountShare", "Shares", cascade: true),
            relationship("Opportunity", "Opportunities", cascade: true),
        ],
    ])

    static func relationship(_ child: String, _ name: String, cascade: Bool) -> [String: Any] {
        ["childSObject": child, "relationshipName": name, "cascadeDelete": cascade, "field": "AccountId"]
    }

    static func json(_ object: [String: Any]) -> Result<RestResponse, RestClientError> {
        .success(
            RestResponse(status: 200, headers: [:], body: Array(try! JSONSerialization.data(withJSONObject: object))))
    }

    static func id(_ index: Int) -> String { "001" + String(format: "%012d", index) + "AAA" }

    /// An account whose page counted `contacts` Contacts and `opportunities` Opportunities.
    static func account(_ index: Int, _ name: String, contacts: Int, opportunities: Int = 0) -> [String: Any] {
        func nested(_ count: Int) -> Any {
            count == 0
                ? NSNull()
                : ["totalSize": count, "done": true, "records": (0..<count).map { ["Id": "003\($0)"] }] as [String: Any]
        }
        return [
            "attributes": ["type": "Account", "url": "/services/data/v66.0/sobjects/Account/\(id(index))"],
            "Id": id(index), "Name": name, "Industry": "Energy", "Contacts": nested(contacts),
            "Opportunities": nested(opportunities),
        ]
    }

    /// A model of Accounts: the describe answered (or failed), then one page.
    static func model(
        describe: Result<RestResponse, RestClientError> = describe, records: [[String: Any]]
    )
        throws -> (ContactListModel, firstPage: RestRequest)
    {
        var model = ContactListModel(query: query, origin: "o", requests: Fixtures.client())
        let describeRequest = try #require(Fixtures.sentRequests(model.start()).first)
        #expect(describeRequest.path.hasSuffix("/sobjects/Account/describe/"))
        #expect(model.isLoading)
        let page = try #require(Fixtures.sentRequests(model.handle(response: describe, for: describeRequest.id)).first)
        _ = model.handle(response: Fixtures.page(records), for: page.id)
        return (model, page)
    }

    static func soql(of request: RestRequest) -> String {
        request.queryItems.first { $0.name == "q" }?.value ?? ""
    }

    @Test("the first page waits for the describe and counts each cascading relationship's children")
    func pageCountsChildren() throws {
        let (_, page) = try Self.model(records: [])
        #expect(
            Self.soql(of: page)
                == "SELECT Id, Name, Industry, LastModifiedDate, (SELECT Id FROM Contacts LIMIT 200), "
                + "(SELECT Id FROM Opportunities LIMIT 200) FROM Account ORDER BY Name")
    }

    @Test("d on a record with children asks first, naming them; y deletes and says what went with it")
    func asksThenDeletes() throws {
        var (model, _) = try Self.model(records: [
            Self.account(0, "Soylent", contacts: 6, opportunities: 2), Self.account(1, "Umbrella", contacts: 0),
        ])
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).isEmpty)
        guard case .bulkDeletePrompt(let prompt) = model.modes.modal else {
            Issue.record("no question")
            return
        }
        #expect(prompt.question == "Delete Soylent and its 6 Contacts and 2 Opportunities? y/N")
        #expect(model.dataRows.count == 2)
        let frame = ContactListScreen(model: model).frame(width: 100, height: 20).text
        #expect(frame.contains("Delete Soylent and its 6 Contacts and 2 Opportunities? y/N"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        #expect(delete.method == .DELETE && delete.path.hasSuffix("/sobjects/Account/\(Self.id(0))"))
        #expect(model.notices.statusMessage == "Deleting Soylent and its 6 Contacts and 2 Opportunities…")
        _ = model.handle(response: Fixtures.noContent, for: delete.id)
        #expect(model.notices.statusMessage == "Deleted Soylent and its 6 Contacts and 2 Opportunities · U undo")
        #expect(model.dataRows.map(\.id) == [Self.id(1)])
    }

    @Test("a record without children is deleted at once; n cancels the question")
    func noChildrenNoQuestion() throws {
        var (model, _) = try Self.model(records: [
            Self.account(0, "Soylent", contacts: 1), Self.account(1, "Umbrella", contacts: 0),
        ])
        _ = model.handle(key: .character("d"))
        guard case .bulkDeletePrompt(let prompt) = model.modes.modal else {
            Issue.record("no question")
            return
        }
        #expect(prompt.question == "Delete Soylent and its 1 Contact? y/N")
        #expect(Fixtures.sentRequests(model.handle(key: .character("n"))).isEmpty)
        #expect(
            model.modes.modal == nil && model.notices.statusMessage == "Nothing deleted" && model.dataRows.count == 2)
        _ = model.handle(key: .character("j"))
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("d"))).first)
        #expect(delete.path.hasSuffix(Self.id(1)))
        #expect(model.notices.statusMessage == "Deleting Umbrella…")
    }

    @Test("a bulk delete adds up what goes with the marked records; the limit shows as 200+")
    func bulkAddsUp() throws {
        var (model, _) = try Self.model(records: [
            Self.account(0, "Soylent", contacts: 6), Self.account(1, "Umbrella", contacts: 200),
            Self.account(2, "Initech", contacts: 0),
        ])
        _ = model.handle(key: .character("*"))
        _ = model.handle(key: .character("d"))
        guard case .bulkDeletePrompt(let prompt) = model.modes.modal else {
            Issue.record("no question")
            return
        }
        #expect(prompt.question == "Delete 3 accounts and their 206+ Contacts? y/N")
    }

    @Test("when the describe cannot be read, the rows are not counted and d says children may go")
    func uncountedAsks() throws {
        var (model, page) = try Self.model(
            describe: Fixtures.refusal(500, "UNKNOWN_EXCEPTION"), records: [Self.account(0, "Soylent", contacts: 0)])
        #expect(Self.soql(of: page) == ContactListModel.readingLastModified(Self.query))
        _ = model.handle(key: .character("d"))
        guard case .bulkDeletePrompt(let prompt) = model.modes.modal else {
            Issue.record("no question")
            return
        }
        #expect(prompt.question == "Delete Soylent? What belongs to it goes with it. y/N")
        let delete = try #require(Fixtures.sentRequests(model.handle(key: .character("y"))).first)
        #expect(delete.method == .DELETE)
    }

    @Test("a Contact list starts without the describe, and d stays one key")
    func contactsStayOneKey() throws {
        var model = ContactListModel(query: Fixtures.query, origin: "o", requests: Fixtures.client())
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        #expect(Self.soql(of: first) == ContactListModel.readingLastModified(Fixtures.query))
        _ = model.handle(response: Fixtures.page([Fixtures.contact(0)]), for: first.id)
        #expect(Fixtures.sentRequests(model.handle(key: .character("d"))).first?.method == .DELETE)
    }

    @Test("history, share and feed children do not count; relationships without cascade do not either")
    func whatCounts() throws {
        let json = try Self.describe.get().decode(JSONValue.self)
        #expect(CascadingRelationship.all(inDescribe: json).map(\.relationshipName) == ["Contacts", "Opportunities"])
    }

    @Test(
        "the counting subqueries go before the top-level FROM, and not for a relationship the query selects",
        arguments: [
            (
                "SELECT Id, (SELECT Id FROM Contacts) FROM Account",
                "SELECT Id, (SELECT Id FROM Contacts), (SELECT Id FROM Opportunities LIMIT 200) FROM Account"
            ),
            (
                "SELECT Id FROM Account WHERE Id IN (SELECT AccountId FROM Contact)",
                "SELECT Id, (SELECT Id FROM Contacts LIMIT 200), (SELECT Id FROM Opportunities LIMIT 200) "
                    + "FROM Account WHERE Id IN (SELECT AccountId FROM Contact)"
            ),
        ])
    func countingSubqueries(query: String, counted: String) throws {
        let json = try Self.describe.get().decode(JSONValue.self)
        #expect(ContactListModel.counting(CascadingRelationship.all(inDescribe: json), in: query) == counted)
    }

    @Test("records that were not counted name the relationships that may go with them")
    func uncountedRecordsNameTheRelationships() throws {
        let (model, _) = try Self.model(records: [Self.account(0, "Soylent", contacts: 1)])
        // A row the org search found carries no counts.
        let found = ContactRecord(id: Self.id(9), objectType: "Account", displayName: "Initech", values: ["Initech"])
        let dependents = model.deleteDependents(of: [model.dataRows[0], found])
        #expect(dependents == .uncounted(["Contacts", "Opportunities"]))
        let prompt = BulkDeletePrompt(
            records: [model.dataRows[0], found], labels: ["Soylent", "Initech"], hiddenCount: 0,
            hiddenByFilter: false, noun: ObjectNoun(objectType: "Account"), dependents: dependents)
        #expect(
            prompt.question
                == "Delete 2 accounts? What belongs to them (their Contacts, Opportunities) goes with them. y/N")
    }
}
