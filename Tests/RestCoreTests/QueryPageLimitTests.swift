import Foundation
import HTTPTypes
import Testing

@testable import RestCore

/// A query page has a decoded-size limit of its own and at most the records asked for.
@Suite struct QueryPageLimitTests {
    /// A page body of `count` small records.
    static func page(records count: Int, padding: Int = 0) -> [UInt8] {
        let record =
            #"{"attributes":{"type":"Contact"},"Id":"003000000000001AAA","Name":"\#(String(repeating: "x", count: padding))"}"#
        let records = Array(repeating: record, count: count).joined(separator: ",")
        return Array(#"{"totalSize":\#(count),"done":true,"records":[\#(records)]}"#.utf8)
    }

    @Test func queryAndNextPageRequestsCarryThePageLimit() {
        let client = makeClient(InMemoryTransport())
        #expect(QueryPageLimit.maximumBytes == 64 * 1024 * 1024)
        #expect(client.request(forQuery: "SELECT Id FROM Contact").responseLimit == QueryPageLimit.response)
        #expect(client.request(forQueryAll: "SELECT Id FROM Contact").responseLimit == QueryPageLimit.response)
        #expect(
            client.request(forNextRecordsURL: "/services/data/v66.0/query/01g-2000").responseLimit
                == QueryPageLimit.response)
        #expect(client.requestForVersions().responseLimit == nil)
    }

    @Test func aPageOverItsLimitIsOneSentenceOverARealConnection() async throws {
        let body = Self.page(records: 200, padding: 6_000)  // about 1.2 MiB
        let reply = ScriptedReply.respond(status: 200, headers: [.contentType: "application/json"], body: body)
        try await withScriptedOrg({ _ in reply }) { client, _ in
            var request = client.request(forQuery: "SELECT Id, Name FROM Contact")
            request.responseLimit = ResponseLimit(bytes: 1 << 20, name: "query page")
            let error = await #expect(throws: RestClientError.self) { try await client.send(request) }
            #expect(
                error?.description
                    == "The server's answer has an unexpected shape: the query page is larger than 1 MiB, "
                    + "more than any page of 2000 records; it was not read.")
            // The same answer within the limit is read.
            request.responseLimit = ResponseLimit(bytes: 2 << 20, name: "query page")
            let within = try await client.send(request)
            #expect(within.body.count == body.count)
        }
    }

    @Test(arguments: [false, true])
    func aPageOfMoreRecordsThanAskedForIsRefused(prefetch: Bool) async throws {
        let transport = InMemoryTransport { _ throws(RestClientError) in
            RestResponse(status: 200, headers: [:], body: Self.page(records: 201))
        }
        let client = makeClient(transport)
        var pages = client.pages(forQuery: "SELECT Id FROM Contact", batchSize: 200, prefetch: prefetch)
            .makeAsyncIterator()
        let error = await #expect(throws: RestClientError.self) { _ = try await pages.next() }
        #expect(String(describing: error).contains("the query page holds 201 records, more than the 200 asked for"))

        var bytes = client.pages(
            startingWith: client.request(forQuery: "SELECT Id FROM Contact", batchSize: 200), as: QueryPageBytes.self
        ).makeAsyncIterator()
        await #expect(throws: RestClientError.self) { _ = try await bytes.next() }
    }

    @Test func aFullPageAtTheDefaultSizeIsRead() async throws {
        let transport = InMemoryTransport { _ throws(RestClientError) in
            RestResponse(status: 200, headers: [:], body: Self.page(records: 2000))
        }
        let client = makeClient(transport)
        var pages = client.pages(forQuery: "SELECT Id FROM Contact").makeAsyncIterator()
        #expect(try await pages.next()?.records.count == 2000)
    }
}
