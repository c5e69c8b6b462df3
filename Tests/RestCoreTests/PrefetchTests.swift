import Foundation
import NIOCore
import Synchronization
import TestSupport
import Testing

@testable import MockOrg
@testable import RestCore

/// Paging with `prefetch`: the next page is asked for from the head of the page waited for, and
/// that changes neither the rows, nor which pages are asked for, nor where an error surfaces.
@Suite struct PrefetchTests {
    private static let query = "SELECT Id FROM Contact"

    @Test func theNextPageIsAskedForWhileThePageWaitedForIsStillArriving() async throws {
        let released = Flag()
        // The first page's head goes out; its records wait until the test has seen page 2 asked for.
        try await withScriptedOrg(Self.holdingTheFirstPage(of: 600, until: released)) { client, server in
            let ids = try await Self.idsWithPage2AskedForFirst(client, server, released: released)
            #expect(ids == (0..<600).map(ScriptedPager.id))
            #expect(
                server.requests.map(\.path) == [
                    "/services/data/v66.0/query", "/services/data/v66.0/query/01gCURSOR-200",
                    "/services/data/v66.0/query/01gCURSOR-400",
                ])
            #expect(server.requests.allSatisfy { $0.headers[.sforceQueryOptions] == "batchSize=200" })
        }
    }

    /// Gzip pages, decoded whole, still page ahead: the next page is asked for while the caller
    /// still holds the first, before it asks for more.
    @Test func theNextPageOfAGzipPageIsAskedForBeforeTheCallerAsks() async throws {
        let pager = ScriptedPager(count: 600)
        let released = Flag()
        try await withScriptedOrg({ request in
            guard case .respond(let status, var headers, let body)? = pager.reply(to: request) else {
                return .json("{}", status: 404)
            }
            headers[.contentEncoding] = "gzip"
            return .respond(
                status: status, headers: headers,
                body: Array(GzipCompressor.compress(ByteBuffer(bytes: body)).readableBytesView))
        }) { client, server in
            let ids = try await Self.idsWithPage2AskedForFirst(
                client, server, released: released, callerHoldsTheFirstPage: true)
            #expect(ids == (0..<600).map(ScriptedPager.id))
        }
    }

    /// Every Id of the query, read with prefetch; page 2 must be asked for before `released` is
    /// set, which holds the first page's records (the server's script) or, with
    /// `callerHoldsTheFirstPage`, the caller's reading of them.
    private static func idsWithPage2AskedForFirst(
        _ client: RestClient, _ server: ScriptedServer, released: Flag, callerHoldsTheFirstPage: Bool = false
    ) async throws -> [String] {
        let reading = Task {
            var ids: [String] = []
            for try await page in client.pages(forQuery: Self.query, batchSize: 200, prefetch: true) {
                if ids.isEmpty && callerHoldsTheFirstPage { await released.wait() }
                ids += page.records.compactMap { $0["Id"]?.stringValue }
            }
            return ids
        }
        await eventually { server.requests.count == 2 }
        #expect(server.requests.last?.path == "/services/data/v66.0/query/01gCURSOR-200")
        released.set()
        return try await reading.value
    }

    @Test func rowsArriveInOrderAndNoPageIsAskedForTwice() async throws {
        let pager = ScriptedPager(count: 5000)
        try await withScriptedOrg({ pager.reply(to: $0) ?? .json("{}", status: 404) }) { client, server in
            var ids: [String] = []
            for try await page in client.pages(
                startingWith: client.request(forQuery: Self.query, batchSize: 200), as: QueryPageBytes.self,
                prefetch: true)
            {
                ids += try page.parsedRecords().compactMap { $0["Id"]?.stringValue }
            }
            #expect(ids == (0..<5000).map(ScriptedPager.id))
            let paths = server.requests.map(\.path)
            #expect(paths.count == 25)
            #expect(Set(paths).count == 25)
        }
    }

    @Test func anErrorOnAPrefetchedPageSurfacesWhenThatPageIsReached() async throws {
        let pager = ScriptedPager(count: 1000)
        try await withScriptedOrg({ request in
            if request.path.hasSuffix("-400") {
                return .json(
                    #"[{"message":"invalid query locator","errorCode":"INVALID_QUERY_LOCATOR"}]"#, status: 400)
            }
            return pager.reply(to: request) ?? .json("{}", status: 404)
        }) { client, server in
            var pages = client.pages(forQuery: Self.query, batchSize: 200, prefetch: true).makeAsyncIterator()
            let first = try await pages.next()
            #expect(first?.records.first?["Id"]?.stringValue == ScriptedPager.id(0))
            let second = try await pages.next()
            #expect(second?.records.first?["Id"]?.stringValue == ScriptedPager.id(200))
            var failure: RestClientError?
            do throws(RestClientError) {
                _ = try await pages.next()
            } catch {
                failure = error
            }
            #expect(failure?.salesforceErrors.first?.errorCode == "INVALID_QUERY_LOCATOR")
            let afterTheError = try await pages.next()
            #expect(afterTheError == nil)
            #expect(!server.requests.contains { $0.path.hasSuffix("-600") })
        }
    }

    @Test func cancellingTheReaderStopsThePrefetch() async throws {
        let finished = Flag()
        // The first page never ends, so the reader is still waiting for it when cancelled.
        try await withScriptedOrg(Self.holdingTheFirstPage(of: 2000, until: finished, thenRecords: false)) {
            client, server in
            defer { finished.set() }  // lets the first page end, so the server can stop
            let reading = Task {
                for try await _ in client.pages(forQuery: Self.query, batchSize: 200, prefetch: true) {}
            }
            await eventually { server.requests.count == 2 }
            reading.cancel()
            let error = await #expect(throws: RestClientError.self) { try await reading.value }
            guard case .cancelled? = error else {
                Issue.record("expected .cancelled, got \(String(describing: error))")
                return
            }
            // Page 2 arrived meanwhile but was never waited for: nothing further is asked for.
            try await Task.sleep(for: .milliseconds(300))
            #expect(server.requests.count == 2)
        }
    }

    @Test func theHeadIsReadFromAnyPrefixOfThePage() {
        let page = Array(
            #"{"totalSize":5000,"done":false,"nextRecordsUrl":"/services/data/v66.0/query/01gX-2000","records":[{"Id":"a"}]}"#
                .utf8)
        let named = Self.range(of: #"-2000""#, in: page)!.upperBound
        for cut in 0...page.count {
            let head = page[..<cut].withUnsafeBytes { QueryPageHead(prefix: $0) }
            #expect(
                head == (cut < named ? .incomplete : .next("/services/data/v66.0/query/01gX-2000")), "cut at \(cut)")
        }
        let cases: [(String, QueryPageHead)] = [
            (#"{"totalSize":1,"done":true,"records":[]}"#, .none),
            (#"{"records":[],"nextRecordsUrl":"/x"}"#, .none),
            (#"[{"errorCode":"INVALID_SESSION_ID"}]"#, .none),
            (#"{"totalSize":1,"done":false,"nextRecordsUrl":null,"records":[]}"#, .none),
        ]
        for (text, expected) in cases {
            #expect(Array(text.utf8).withUnsafeBytes { QueryPageHead(prefix: $0) } == expected, "\(text)")
        }
    }

    /// A script paging `count` records whose first query page sends its head (up to its records) at
    /// once and the rest when `flag` is set: its records, or (`thenRecords: false`) nothing at all.
    private static func holdingTheFirstPage(
        of count: Int, until flag: Flag, thenRecords: Bool = true
    ) -> ScriptedServer.Script {
        let pager = ScriptedPager(count: count)
        return { request in
            guard case .respond(_, _, let body)? = pager.reply(to: request) else { return .json("{}", status: 404) }
            guard request.path == "/services/data/v66.0/query" else {
                return .json(String(decoding: body, as: UTF8.self))
            }
            let split = try! #require(Self.range(of: #""records":["#, in: body)).upperBound
            return .streamed(head: Array(body[..<split])) {
                await flag.wait()
                return thenRecords ? Array(body[split...]) : []
            }
        }
    }

    private static func range(of text: String, in bytes: [UInt8]) -> Range<Int>? {
        let needle = Array(text.utf8)
        guard bytes.count >= needle.count else { return nil }
        return (0...(bytes.count - needle.count)).lazy.map { $0..<($0 + needle.count) }
            .first { bytes[$0].elementsEqual(needle) }
    }
}
