import Foundation
import SOQL
import Testing

@testable import MockOrg

/// Semi-joins and anti-joins on Id fields, checked against the seed data computed independently,
/// and the constructs the engine refuses as `MALFORMED_QUERY` at their row and column.
@Suite struct SemiJoinTests {
    static let store = OrgStore(generator: SeedGenerator(seed: 3, contactCount: 300))

    /// The ids of a query's rows (one page of up to 2,000).
    static func ids(_ soql: String, in store: OrgStore = store) throws -> [String] {
        let page = try store.query(soql, includeDeleted: false, batchSize: 2000, apiVersion: "v66.0", now: 0)
        let json = try JSONSerialization.jsonObject(with: Data(buffer: page)) as? [String: Any]
        return (json?["records"] as? [[String: Any]] ?? []).compactMap { $0["Id"] as? String }
    }

    static func error(_ soql: String) -> SOQLError? {
        do {
            _ = try SOQLResolver.query(soql, now: 0)
            return nil
        } catch {
            return error
        }
    }

    @Test func contactsWithCasesAndWithout() throws {
        let generator = SeedGenerator(seed: 3, contactCount: 300)
        let all = try Self.ids("SELECT Id FROM Contact")
        let withCases = Set((0..<300).filter { generator.caseCount(forContact: $0) > 0 }.map { all[$0] })
        #expect(!withCases.isEmpty && withCases.count < 300)

        let joined = try Self.ids("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case)")
        #expect(Set(joined) == withCases)
        #expect(joined.count == withCases.count)
        let anti = try Self.ids("select id from contact where id not in (select contactid from case)")
        #expect(Set(anti) == Set(all).subtracting(withCases))
        // The inner SELECT's own filter, and a join combined with AND.
        let none = try Self.ids(
            "SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case WHERE Subject = 'no such subject')")
        #expect(none.isEmpty)
        let first = try #require(withCases.sorted().first)
        let one = try Self.ids(
            "SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case) AND Id = '" + first + "'")
        #expect(one == [first])
    }

    @Test func aDeletedChildNoLongerJoins() throws {
        let store = OrgStore(generator: SeedGenerator(seed: 3, contactCount: 300))
        func ids(_ soql: String) throws -> [String] { try Self.ids(soql, in: store) }
        let cases = try ids("SELECT Id FROM Case WHERE ContactId IN (SELECT Id FROM Contact)")
        #expect(!cases.isEmpty)
        let joined = try ids("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case)")
        for id in cases { try store.delete(.supportCase, id: id) }
        #expect(try ids("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case)").isEmpty)
        #expect(!joined.isEmpty)
    }

    @Test(arguments: [
        ("SELECT Id FROM Contact WHERE Name IN (SELECT ContactId FROM Case)", 30),
        ("SELECT Id FROM Contact WHERE Id IN (SELECT Subject FROM Case)", 44),
        ("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId, Id FROM Case)", 37),
        ("SELECT Id FROM Contact WHERE Id IN (SELECT COUNT() FROM Case)", 37),
        ("SELECT Id FROM Contact WHERE Name = 'a' OR Id IN (SELECT ContactId FROM Case)", 51),
        (
            "SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case WHERE AccountId IN (SELECT Id FROM Account))",
            84
        ),
        ("SELECT Id FROM Contact WHERE Id IN (SELECT ContactId FROM Case ORDER BY Id)", 64),
        ("SELECT Id, Account.Owner.Name FROM Contact", 12),
    ])
    func unsupportedConstructsAreMalformedWhereTheyBegin(soql: String, column: Int) throws {
        let error = try #require(Self.error(soql))
        #expect(error.errorCode == "MALFORMED_QUERY", "\(error.message)")
        #expect(error.message.contains("ERROR at Row:1:Column:" + String(column)), "\(error.message)")
    }

    @Test func unknownNamesInsideTheJoinAreStillNamed() throws {
        #expect(Self.error("SELECT Id FROM Contact WHERE Id IN (SELECT Nope FROM Case)")?.errorCode == "INVALID_FIELD")
        #expect(Self.error("SELECT Id FROM Contact WHERE Id IN (SELECT Id FROM Nope)")?.errorCode == "INVALID_TYPE")
    }
}
