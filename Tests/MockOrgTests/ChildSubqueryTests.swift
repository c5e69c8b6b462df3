import Foundation
import SOQL
import Testing

@testable import MockOrg

/// Parent-to-child subqueries (`(SELECT Id FROM Contacts)`), checked against the rows a plain
/// query of the children finds, and the describe's `childRelationships` that name them.
@Suite struct ChildSubqueryTests {
    static let store = OrgStore(generator: SeedGenerator(seed: 5, contactCount: 400))

    static func records(_ soql: String, in store: OrgStore = store) throws -> [[String: Any]] {
        let page = try store.query(soql, includeDeleted: false, batchSize: 2000, apiVersion: "v66.0", now: 0)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: page)) as? [String: Any]
        return json?["records"] as? [[String: Any]] ?? []
    }

    /// The ids of each account's live contacts, by a query of the contacts themselves.
    static func contactsByAccount(in store: OrgStore = store) throws -> [String: Set<String>] {
        var byAccount = [String: Set<String>]()
        for contact in try records("SELECT Id, AccountId FROM Contact", in: store) {
            guard let account = contact["AccountId"] as? String, let id = contact["Id"] as? String else { continue }
            byAccount[account, default: []].insert(id)
        }
        return byAccount
    }

    @Test func eachAccountListsItsOwnContacts() throws {
        let expected = try Self.contactsByAccount()
        #expect(!expected.isEmpty)
        let accounts = try Self.records("SELECT Id, Name, (SELECT Id, LastName FROM Contacts) FROM Account")
        #expect(!accounts.isEmpty)
        var withContacts = 0
        for account in accounts {
            let id = try #require(account["Id"] as? String)
            #expect(account["Name"] is String)
            let want = expected[id] ?? []
            guard let nested = account["Contacts"] as? [String: Any] else {
                // Salesforce sends null, not an empty result, for a record without children.
                #expect(want.isEmpty && account["Contacts"] is NSNull, "account \(id)")
                continue
            }
            withContacts += 1
            let children = try #require(nested["records"] as? [[String: Any]])
            #expect(nested["totalSize"] as? Int == children.count)
            #expect(nested["done"] as? Bool == true)
            #expect(Set(children.compactMap { $0["Id"] as? String }) == want, "account \(id)")
            #expect(children.allSatisfy { ($0["attributes"] as? [String: Any])?["type"] as? String == "Contact" })
            #expect(children.allSatisfy { $0["LastName"] is String })
        }
        #expect(withContacts > 0)
    }

    @Test func theSubqueryKeepsItsWhereOrderAndLimit() throws {
        let expected = try Self.contactsByAccount()
        let (account, contacts) = try #require(expected.max { $0.value.count < $1.value.count })
        #expect(contacts.count >= 2)
        let limited = try Self.records(
            "SELECT Id, (SELECT Id, LastName FROM Contacts ORDER BY LastName DESC LIMIT 2) FROM Account WHERE Id = '"
                + account + "'")
        let nested = try #require(limited.first?["Contacts"] as? [String: Any])
        let children = try #require(nested["records"] as? [[String: Any]])
        #expect(children.count == 2)
        // The same two a plain query of the account's contacts puts first.
        let top = try Self.records(
            "SELECT Id FROM Contact WHERE AccountId = '" + account + "' ORDER BY LastName DESC LIMIT 2")
        #expect(children.compactMap { $0["Id"] as? String } == top.compactMap { $0["Id"] as? String })
        let first = try #require(children.first?["Id"] as? String)
        let filtered = try Self.records(
            "SELECT Id, (SELECT Id FROM Contacts WHERE Id = '" + first + "') FROM Account WHERE Id = '" + account + "'")
        let only = (filtered.first?["Contacts"] as? [String: Any])?["records"] as? [[String: Any]]
        #expect(only?.compactMap { $0["Id"] as? String } == [first])
    }

    @Test func deletedChildrenAreNotListed() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 5, contactCount: 400))
        // An account none of whose contacts a Case refers to, so that the org lets them go.
        let withCases = Set(
            try Self.records("SELECT ContactId FROM Case", in: store).compactMap { $0["ContactId"] as? String })
        let (account, contacts) = try #require(
            try Self.contactsByAccount(in: store).sorted { $0.key < $1.key }.first {
                $0.value.isDisjoint(with: withCases)
            })
        for id in contacts { try store.delete(.contact, id: id) }
        let after = try Self.records(
            "SELECT Id, (SELECT Id FROM Contacts) FROM Account WHERE Id = '" + account + "'", in: store)
        #expect(after.first?["Contacts"] is NSNull)
    }

    @Test(arguments: [
        // Not a relationship of Account, nor one whose child the org stores.
        ("SELECT Id, (SELECT Id FROM Opportunities) FROM Account", "INVALID_TYPE", 28),
        ("SELECT Id, (SELECT Id FROM Histories) FROM Account", "INVALID_TYPE", 28),
        // A subquery names fields of the child, and nests no further.
        ("SELECT Id, (SELECT Nope FROM Contacts) FROM Account", "INVALID_FIELD", 20),
        ("SELECT Id, (SELECT Id, (SELECT Id FROM Cases) FROM Contacts) FROM Account", "MALFORMED_QUERY", 24),
        // An aggregate query has no subqueries.
        ("SELECT COUNT(Id), (SELECT Id FROM Contacts) FROM Account", "MALFORMED_QUERY", 19),
    ])
    func refusals(soql: String, code: String, column: Int) throws {
        do {
            _ = try SOQLResolver.query(soql, now: 0)
            Issue.record("accepted: \(soql)")
        } catch {
            #expect(error.errorCode == code, "\(error.message)")
            #expect(error.message.contains("Column:\(column)"), "\(error.message)")
        }
    }

    @Test func theDescribeListsChildRelationships() {
        let account = SObjectType.account.childRelationships
        let contacts = account.first { $0.relationshipName == "Contacts" }
        #expect(
            contacts?.childObjectName == "Contact" && contacts?.field == "AccountId" && contacts?.cascadeDelete == true)
        let cases = account.first { $0.relationshipName == "Cases" }
        #expect(cases?.cascadeDelete == false && cases?.restrictedDelete == true)
        #expect(SObjectType.contact.childRelationships.allSatisfy { !$0.cascadeDelete || $0.child == nil })
    }
}
