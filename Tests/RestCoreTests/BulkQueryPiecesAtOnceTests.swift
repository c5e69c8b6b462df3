import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import RestCore

/// `BulkQuery.piecesAtOnce` bounds the pieces held or in flight, the one being handed over
/// counted, so that a job's results never take more than that many pieces of memory.
@Suite struct BulkQueryPiecesAtOnceTests {
    @Test(arguments: [1, 2, 3])
    func noMorePiecesAreAskedForThanTheWindowHolds(_ window: Int) async throws {
        let base = "/services/data/v66.0/jobs/query/750X"
        let links = (0..<6).map { #"{"resultUrl":"\#(base)/results?locator=P\#($0)"}"# }
        let asked = Mutex(0)
        let transport = InMemoryTransport { request throws(RestClientError) in
            let query = URLComponents(string: request.url)?.query ?? ""
            if request.url.contains("/resultPages") {
                let body = #"{"resultPages":[\#(links.joined(separator: ","))],"done":true}"#
                return RestResponse(status: 200, headers: [.contentType: "application/json"], body: Array(body.utf8))
            }
            asked.withLock { $0 += 1 }
            // The first piece comes last, so that a window not kept would have asked for them all.
            if query.contains("P0") { try? await Task.sleep(for: .milliseconds(50)) }
            var headers: HTTPFields = [.contentType: "text/csv"]
            headers[BulkQuery.numberOfRecordsHeader] = "1"
            let piece = query.split(separator: "=").last.map(String.init) ?? ""
            return RestResponse(status: 200, headers: headers, body: Array("\"Id\"\n\"\(piece)\"\n".utf8))
        }
        let client = makeClient(transport)
        var bulk = BulkQuery(client: client)
        bulk.piecesAtOnce = window
        var pieces: [String] = []
        try await bulk.readResults("750X") { csv, _ in
            #expect(asked.withLock { $0 } <= pieces.count + window, "while handing over piece \(pieces.count)")
            pieces.append(String(decoding: csv.dropFirst(5), as: UTF8.self))
        }
        #expect(pieces == (0..<6).map { "\"P\($0)\"\n" })
        await client.shutdown()
    }
}
