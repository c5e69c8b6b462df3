import Foundation
import Testing

@testable import MockOrg

/// Aggregate queries on the wire as Salesforce answers them: `AggregateResult` records keyed by
/// alias, `exprN` or the grouped field's name, one page, LIMIT counting groups.
@Suite struct AggregateQueryTests {
    static func aggregateRecords(_ reply: JSONReply) -> [[String: Any]] {
        #expect(reply.status == 200)
        #expect(reply.object?["done"] as? Bool == true)
        #expect(reply.object?["nextRecordsUrl"] == nil)
        for record in reply.records {
            #expect(record["attributes"] as? [String: String] == ["type": "AggregateResult"])
        }
        return reply.records
    }

    @Test func countMaxAndMinWithoutGroupByGiveOneRecord() async throws {
        let org = TestOrg()
        let lastNames = org.contacts.map { $0.lastName.uppercased() }
        try await org.test { client in
            let reply = try await client.query(
                "SELECT COUNT(Id), COUNT(Birthdate) born, MAX(LastName), MIN(LastName) FROM Contact",
                headers: org.authorization)
            let records = Self.aggregateRecords(reply)
            #expect(reply.object?["totalSize"] as? Int == 1)
            let record = try #require(records.first)
            #expect(Array(record.keys).sorted() == ["attributes", "born", "expr0", "expr1", "expr2"])
            #expect(record["expr0"] as? Int == 200)
            #expect(record["born"] as? Int == org.contacts.filter { $0.birthdate != nil }.count)
            #expect((record["expr1"] as? String)?.uppercased() == lastNames.max())
            #expect((record["expr2"] as? String)?.uppercased() == lastNames.min())
        }
    }

    @Test func noRowsStillGiveOneRecordWithZeroAndNull() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 10))
        try await org.test { client in
            let reply = try await client.query(
                "SELECT COUNT(Id), MAX(LastName) FROM Contact WHERE LastName = 'nobody-at-all'",
                headers: org.authorization)
            let records = Self.aggregateRecords(reply)
            #expect(records.count == 1)
            #expect(records.first?["expr0"] as? Int == 0)
            #expect(records.first?["expr1"] is NSNull)
        }
    }

    @Test func groupByGivesOneRecordPerGroupUnderTheFieldsName() async throws {
        let org = TestOrg()
        let expected = Dictionary(grouping: org.contacts, by: \.accountSerial).mapValues(\.count)
        try await org.test { client in
            let reply = try await client.query(
                "SELECT AccountId, COUNT(Id) total FROM Contact GROUP BY AccountId", headers: org.authorization)
            let records = Self.aggregateRecords(reply)
            #expect(reply.object?["totalSize"] as? Int == expected.count)
            #expect(records.count == expected.count)
            #expect(records.allSatisfy { Array($0.keys).sorted() == ["AccountId", "attributes", "total"] })
            #expect(records.compactMap { $0["total"] as? Int }.sorted() == expected.values.sorted())
            let accounts = records.map { $0["AccountId"] as? String ?? "none" }
            #expect(Set(accounts).count == accounts.count)
        }
    }

    @Test func orderByAndLimitApplyToGroups() async throws {
        let org = TestOrg()
        let distinct = Set(org.contacts.map { $0.lastName.uppercased() })
        try await org.test { client in
            let reply = try await client.query(
                "SELECT LastName, COUNT(Id) FROM Contact GROUP BY LastName ORDER BY LastName DESC LIMIT 5",
                headers: org.authorization)
            let records = Self.aggregateRecords(reply)
            let names = records.compactMap { ($0["LastName"] as? String)?.uppercased() }
            #expect(names == Array(distinct.sorted().reversed().prefix(5)))
            #expect(reply.object?["totalSize"] as? Int == 5)
        }
    }

    @Test func sumAndAverageOfANumberField() async throws {
        let org = TestOrg()
        try await org.test { client in
            let reply = try await client.query(
                "SELECT SUM(NumberOfEmployees) s, AVG(NumberOfEmployees) a, COUNT(NumberOfEmployees) n FROM Account",
                headers: org.authorization)
            let record = try #require(Self.aggregateRecords(reply).first)
            let sum = try #require(record["s"] as? Double)
            let average = try #require(record["a"] as? Double)
            let count = try #require(record["n"] as? Int)
            #expect(count > 0)
            #expect(abs(sum - average * Double(count)) < 0.001)
        }
    }
}
