import Foundation
import HTTPTypes
import Testing

@testable import RestCore

/// `resultPages` as Salesforce's documentation spells it (`resultUrl`, `nextRecordUrl`).
@Suite struct BulkQueryResultPagesSpellingTests {
    @Test func linksSpelledResultUrlAreReadInOrderAcrossAnswers() async throws {
        let base = "/services/data/v66.0/jobs/query/750X"
        let transport = InMemoryTransport { request throws(RestClientError) in
            let path = URLComponents(string: request.url)?.path ?? ""
            let query = URLComponents(string: request.url)?.query ?? ""
            if path.hasSuffix("/resultPages") {
                let body =
                    query.contains("locator=L2")
                    ? #"{"resultPages":[{"resultUrl":"\#(base)/results?locator=L2"}],"done":true,"nextRecordUrl":null}"#
                    : #"{"resultPages":[{"resultUrl":"\#(base)/results"}],"done":false,"nextRecordUrl":"\#(base)/resultPages?locator=L2"}"#
                return RestResponse(status: 200, headers: [.contentType: "application/json"], body: Array(body.utf8))
            }
            let second = query.contains("locator=L2")
            var headers: HTTPFields = [.contentType: "text/csv"]
            headers[BulkQuery.numberOfRecordsHeader] = "1"
            headers[BulkQuery.locatorHeader] = second ? "null" : "L2"
            return RestResponse(
                status: 200, headers: headers, body: Array((#""Id""# + "\n" + (second ? #""b""# : #""a""#) + "\n").utf8)
            )
        }
        let client = makeClient(transport)
        var pieces: [String] = []
        try await BulkQuery(client: client).readResults("750X") { csv, _ in
            pieces.append(String(decoding: csv, as: UTF8.self))
        }
        #expect(pieces == ["\"Id\"\n\"a\"\n", "\"Id\"\n\"b\"\n"])
        await client.shutdown()
    }
}
