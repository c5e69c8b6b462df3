import Foundation
import MockOrg
import TestSupport
import Testing

@testable import RestCore

/// gzip on the wire: the client asks for it and decodes it, within its size limit.
@Suite("gzip")
struct GzipTests {
    static let query = "SELECT Id, Name, Email FROM Contact ORDER BY Name"

    @Test("Every request asks for gzip")
    func asksForGzip() async throws {
        let transport = InMemoryTransport()
        let client = makeClient(transport)
        _ = try await client.send(client.request(forQuery: Self.query))
        #expect(transport.requests.first?.headers[.acceptEncoding] == "gzip")
    }

    @Test("A gzip answer from the org is decoded to the same bytes as an uncompressed one")
    func decodesGzip() async throws {
        var plain = MockOrgConfiguration(contacts: 300)
        plain.compression = false
        let compressed = try await LiveOrg.with(MockOrgConfiguration(contacts: 300)) { org in
            try await org.client.send(org.client.request(forQuery: Self.query))
        }
        let uncompressed = try await LiveOrg.with(plain) { org in
            try await org.client.send(org.client.request(forQuery: Self.query))
        }
        #expect(compressed.headers[.contentEncoding] == "gzip")
        #expect(uncompressed.headers[.contentEncoding] == nil)
        #expect(compressed.body == uncompressed.body)
        #expect(try compressed.decode(QueryResult.self).records.count == 300)
    }

    @Test("A decoded answer above the size limit fails the request")
    func decodedSizeLimit() async throws {
        try await LiveOrg.with { org in
            let client = RestClient(
                configuration: org.client.configuration, transport: AsyncHTTPClientTransport(maximumBodyBytes: 4096))
            let failure: RestClientError?
            do throws(RestClientError) {
                _ = try await client.send(client.request(forQuery: Self.query))
                failure = nil
            } catch {
                failure = error
            }
            await client.shutdown()
            guard case .transportFailed(_, let reason) = failure else {
                Issue.record("expected a transport failure, got \(String(describing: failure))")
                return
            }
            // Whether the compressed body alone passes the limit or only its decoding does.
            #expect(reason == "the decoded answer is larger than the size limit")
        }
    }

    @Test("A damaged or cut short gzip answer fails the request with one sentence")
    func damagedAnswer() async throws {
        let page = #"{"totalSize":0,"done":true,"records":[]}"#
        let compressed = try await GzipDecoderTests.gzipped(Array(String(repeating: page, count: 50).utf8))
        var damaged = compressed
        damaged[damaged.count / 2] ^= 0x55
        for body in [damaged, Array(compressed.dropLast(4))] {
            try await withScriptedOrg({ _ in
                .respond(
                    status: 200, headers: [.contentType: "application/json", .contentEncoding: "gzip"], body: body)
            }) { client, _ in
                let error = await #expect(throws: RestClientError.self) {
                    try await client.send(client.request(forQuery: Self.query))
                }
                guard case .transportFailed(_, let reason) = error else {
                    Issue.record("expected a transport failure, got \(String(describing: error))")
                    return
                }
                #expect(reason == "the answer's gzip encoding is damaged or cut short")
                #expect(error?.description.contains("\n") == false)
            }
        }
    }
}
