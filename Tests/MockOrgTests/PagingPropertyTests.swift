import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// Property: whatever the batch size, the pages of a query concatenated equal the same query in one page,
/// every page reports the full totalSize, and only the last page is done.
@Suite struct PagingPropertyTests {
    static let queries = [
        "SELECT Id, Name FROM Contact",
        "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name",
        "SELECT Id FROM Contact WHERE LastName LIKE '%e%' ORDER BY LastName DESC, Id",
        "SELECT Id, Email FROM Contact WHERE Email != null ORDER BY Email NULLS LAST LIMIT 1900",
        "SELECT Id FROM Contact ORDER BY CreatedDate DESC LIMIT 1500 OFFSET 300",
        "SELECT Id, Subject FROM Case ORDER BY Subject, CaseNumber",
    ]

    @Test func pagesConcatenatedEqualOnePage() async throws {
        let seed = UInt64.random(in: 1...UInt64.max)
        var random = SeededRandom(seed: seed)
        // Under 2,000 rows selected so that a single 2,000-row page holds them all.
        let org = TestOrg(MockOrgConfiguration(contacts: 1900))
        let trials = (0..<12).map { _ in (Self.queries[random.below(Self.queries.count)], 200 + random.below(1801)) }
        try await org.test { client in
            for (soql, batchSize) in trials {
                let whole = try await Self.pages(soql, batchSize: 2000, client: client, org: org)
                try #require(whole.count == 1, "seed \(seed): \(soql) did not fit one page")
                let paged = try await Self.pages(soql, batchSize: batchSize, client: client, org: org)
                let wholeRecords = whole.flatMap(\.records)
                let pagedRecords = paged.flatMap(\.records)
                #expect(
                    NSArray(array: pagedRecords).isEqual(to: wholeRecords),
                    "seed \(seed): \(soql) with batch size \(batchSize)")
                let total = whole[0].object?["totalSize"] as? Int
                #expect(total == wholeRecords.count)
                #expect(paged.allSatisfy { $0.object?["totalSize"] as? Int == total })
                #expect(paged.dropLast().allSatisfy { $0.object?["done"] as? Bool == false })
                #expect(paged.last?.object?["done"] as? Bool == true)
                #expect(paged.last?.object?["nextRecordsUrl"] == nil)
                #expect(paged.dropLast().allSatisfy { $0.records.count == batchSize })
                let ids = pagedRecords.compactMap { $0["Id"] as? String }
                #expect(Set(ids).count == ids.count, "seed \(seed): duplicate rows")
            }
        }
    }

    @Test func locatorsHaveSalesforceShapeAndUnknownOnesAreRefused() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 450))
        try await org.test { client in
            let first = try await client.get(
                "/services/data/v60.0/query?q=" + encodedQuery("SELECT Id FROM Contact"),
                headers: org.authorization + [HTTPField.Name("Sforce-Query-Options")!: "batchSize=100"])
            // 100 is clamped to 200.
            #expect(first.records.count == 200)
            let next = try #require(first.object?["nextRecordsUrl"] as? String)
            let match = next.wholeMatch(of: /\/services\/data\/v60\.0\/query\/(01g[0-9A-Za-z]{15})-200/)
            #expect(match != nil)
            // Later pages keep the query's batch size when the request does not repeat the header.
            let second = try await client.get(next, headers: org.authorization)
            #expect(second.records.count == 200)
            #expect((second.object?["nextRecordsUrl"] as? String)?.hasSuffix("-400") == true)
            let bogus = try await client.get(
                "/services/data/v60.0/query/01g5g0000000zzzAAA-200", headers: org.authorization)
            #expect(bogus.status == 400)
            #expect(bogus.error?.code == "INVALID_QUERY_LOCATOR")
        }
    }

    /// Every page of a query, following nextRecordsUrl.
    static func pages(
        _ soql: String, batchSize: Int, client: some TestClientProtocol, org: TestOrg
    ) async throws
        -> [JSONReply]
    {
        let headers = org.authorization + [HTTPField.Name("Sforce-Query-Options")!: "batchSize=\(batchSize)"]
        var replies = [try await client.get("/services/data/v66.0/query?q=" + encodedQuery(soql), headers: headers)]
        while let next = replies.last?.object?["nextRecordsUrl"] as? String {
            try #require(replies.count < 100)
            replies.append(try await client.get(next, headers: headers))
        }
        try #require(replies.allSatisfy { $0.status == 200 })
        return replies
    }
}

extension HTTPFields {
    static func + (left: HTTPFields, right: HTTPFields) -> HTTPFields {
        var merged = left
        merged.append(contentsOf: right)
        return merged
    }
}
