import Foundation
import Hummingbird
import HummingbirdTesting
import SOQL
import Testing

@testable import MockOrg

/// Queries that once crashed the org or held it for minutes: deep nesting, long chains, a long
/// IN list, a scan past its time budget; each gets an answer as Salesforce gives it, at once.
@Suite struct QueryLimitTests {
    static let timedOut = #"[{"message":"Your query request was running for too long.","errorCode":"QUERY_TIMEOUT"}]"#

    private func rawQuery(
        _ soql: String, _ org: TestOrg, client: some TestClientProtocol, path: String = "/services/data/v66.0/query"
    ) async throws -> (status: Int, body: String) {
        try await client.execute(
            uri: path + "?q=" + encodedQuery(soql), method: .get, headers: org.authorization
        ) { (Int($0.status.code), String(buffer: $0.body)) }
    }

    @Test func nestingPastTheLimitIsAMalformedQueryNotACrash() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 20))
        let deep = [
            "SELECT Id FROM Contact WHERE " + String(repeating: "(", count: 6000) + "Name = 'x'"
                + String(repeating: ")", count: 6000),
            "SELECT Id FROM Contact WHERE " + String(repeating: "NOT ", count: 12_000) + "Name = 'x'",
            "SELECT Id FROM Contact WHERE " + String(repeating: "Id IN (SELECT ContactId FROM Case WHERE ", count: 2000)
                + "Subject = 'x'" + String(repeating: ")", count: 2000),
        ]
        try await org.test { client in
            for soql in deep {
                let reply = try await client.query(soql, headers: org.authorization)
                #expect(reply.status == 400)
                #expect(reply.error?.code == "MALFORMED_QUERY")
                #expect(reply.error?.message.hasSuffix("levels deep in parentheses, NOT and sub-selects") == true)
            }
            // At the limit, still a query.
            let depth = SOQLParser.maxDepth
            let nested =
                "SELECT COUNT() FROM Contact WHERE " + String(repeating: "(", count: depth) + "Name != 'x'"
                + String(repeating: ")", count: depth)
            let reply = try await client.query(nested, headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.object?["totalSize"] as? Int == 20)
        }
    }

    @Test func aChainOfThousandsOfANDsOrORsIsAnsweredAsOneList() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 50))
        let first = SalesforceID.make(keyPrefix: "003", serial: 1)
        let and =
            "SELECT COUNT() FROM Contact WHERE "
            + Array(repeating: "Name != 'x'", count: 3000).joined(separator: " AND ")
        let or =
            "SELECT Id FROM Contact WHERE " + Array(repeating: "Name = 'x'", count: 3000).joined(separator: " OR ")
            + " OR Id = '\(first)'"
        try await org.test { client in
            let all = try await client.query(and, headers: org.authorization)
            #expect(all.status == 200)
            #expect(all.object?["totalSize"] as? Int == 50)
            let one = try await client.query(or, headers: org.authorization)
            #expect(one.status == 200)
            #expect(one.records.compactMap { $0["Id"] as? String } == [first])
        }
    }

    @Test func aStatementLongerThan100000CharactersIsMalformed() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let padding = String(repeating: " ", count: 100_000)
        try await org.test { client in
            let reply = try await client.query("SELECT Id FROM Contact" + padding, headers: org.authorization)
            #expect(reply.status == 400)
            #expect(reply.error?.code == "MALFORMED_QUERY")
            #expect(reply.error?.message == "SOQL statements cannot be longer than 100000 characters")
        }
    }

    @Test func aSearchWhereLongerThan4000CharactersIsTooComplicated() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 5))
        let terms = Array(repeating: "Name != 'x'", count: 2500).joined(separator: " AND ")
        try await org.test { client in
            let reply = try await client.query(
                "FIND {smith} RETURNING Contact(Id WHERE " + terms + " LIMIT 5)", headers: org.authorization,
                path: "/services/data/v66.0/search")
            #expect(reply.status == 400)
            #expect(reply.error?.code == "QUERY_TOO_COMPLICATED")
            #expect(reply.error?.message == "The WHERE clause of RETURNING Contact is longer than 4000 characters.")
            // Just below the limit, and nested as deep as allowed: a search.
            let short = Array(repeating: "Name != 'x'", count: 250).joined(separator: " AND ")
            let fine = try await client.query(
                "FIND {smith} RETURNING Contact(Id WHERE " + short + ")", headers: org.authorization,
                path: "/services/data/v66.0/search")
            #expect(fine.status == 200)
        }
    }

    /// 2,800 values over 100,000 contacts took 90 s compared one by one; hashed, a moment.
    @Test func aLongInListIsLookedUpNotComparedValueByValue() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 100_000))
        let count = org.configuration.contacts
        let expected = stride(from: 0, to: count, by: 35).map { SalesforceID.make(keyPrefix: "003", serial: $0 + 1) }
            .prefix(2800)
        let list = expected.map { "'" + $0 + "'" }.joined(separator: ",")
        let soql = "SELECT Id FROM Contact WHERE Id IN (" + list + ")"
        // The CPU time of the store's own work (parse, resolve, scan, page) on this thread: what
        // the other tests running meanwhile on two cores do not stretch.
        let start = Self.threadCPUTime()
        _ = try org.instance.store.query(
            soql, includeDeleted: false, batchSize: 2000, apiVersion: "v66.0", now: 1_700_000_000_000)
        let elapsed = Self.threadCPUTime() - start
        #expect(elapsed < .seconds(10), "took \(elapsed) of CPU")
        try await org.test { client in
            let reply = try await client.query(soql, headers: org.authorization)
            #expect(reply.status == 200)
            #expect(reply.object?["totalSize"] as? Int == expected.count)
            // The first page of 2,000.
            #expect(reply.records.compactMap { $0["Id"] as? String } == Array(expected.prefix(2000)))
            let negated = try await client.query(
                "SELECT COUNT() FROM Contact WHERE Id NOT IN (" + list + ")", headers: org.authorization)
            #expect(negated.object?["totalSize"] as? Int == count - expected.count)
        }
    }

    static func threadCPUTime() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }

    @Test func hashedMembershipIsEqualityAsTheComparisonSeesIt() {
        let values: [FieldValue] = [
            .null, .string("Smith"), .string("SMITH"), .string("smith "), .string("Müller"), .string("MÜLLER"),
            .string("straße"), .string("STRASSE"), .string("ǅ"), .string("ǆ"), .number(1), .number(1.5), .number(-0.0),
            .number(0), .boolean(true), .boolean(false), .date(3), .dateTime(3), .string("3"),
        ]
        for listed in values {
            let members = MemberValues([listed])
            for value in values {
                #expect(
                    members.contains(value) == SOQLEvaluator.compare(value, .equal, listed), "\(value) IN (\(listed))")
            }
        }
    }

    @Test func aScanPastItsTimeBudgetAnswersQueryTimeout() async throws {
        var configuration = MockOrgConfiguration(contacts: 10_000)
        configuration.queryTimeout = .zero
        let org = TestOrg(configuration)
        try await org.test { client in
            for soql in [
                "SELECT Id FROM Contact WHERE LastName LIKE '%zz%'", "SELECT Id FROM Contact ORDER BY Name",
                "SELECT COUNT(Id) FROM Contact WHERE Email != null",
            ] {
                let reply = try await rawQuery(soql, org, client: client)
                #expect(reply.status == 400, "\(soql)")
                #expect(reply.body == Self.timedOut, "\(soql)")
            }
            let search = try await rawQuery(
                "FIND {smith} RETURNING Contact(Id ORDER BY Name)", org, client: client,
                path: "/services/data/v66.0/search")
            #expect(search.status == 400)
            #expect(search.body == Self.timedOut)
            // What reads no rows has nothing to time.
            let none = try await rawQuery("SELECT Id FROM Contact LIMIT 0", org, client: client)
            #expect(none.status == 200)
        }
    }
}
