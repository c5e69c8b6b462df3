import CompressNIO
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import MockOrg

/// gzip when, and only when, the request accepts it.
@Suite struct GzipMiddlewareTests {
    static let query =
        "/services/data/v66.0/query?q=" + encodedQuery("SELECT Id, Name, Email FROM Contact ORDER BY Name")

    struct Reply: Sendable {
        var status: Int
        var headers: HTTPFields
        var body: ByteBuffer
    }

    static func get(_ org: TestOrg, _ uri: String, acceptEncoding: String?) async throws -> Reply {
        var headers = org.authorization
        if let acceptEncoding { headers[.acceptEncoding] = acceptEncoding }
        return try await org.test { [headers] client in
            try await client.execute(uri: uri, method: .get, headers: headers) {
                Reply(status: Int($0.status.code), headers: $0.headers, body: $0.body)
            }
        }
    }

    @Test(arguments: ["gzip", "gzip, deflate, br", "deflate;q=0.5, GZIP;q=0.8", "*", "x-gzip, GZip ; Q=0.5"])
    func compressesWhenAccepted(_ acceptEncoding: String) async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 500))
        let plain = try await Self.get(org, Self.query, acceptEncoding: nil)
        var compressed = try await Self.get(org, Self.query, acceptEncoding: acceptEncoding)
        #expect(compressed.status == 200)
        #expect(compressed.headers[.contentEncoding] == "gzip")
        #expect(compressed.headers[.vary] == "Accept-Encoding")
        #expect(compressed.headers[.contentLength] == nil)  // chunked
        #expect(compressed.body.readableBytes * 5 < plain.body.readableBytes)
        // One gzip member (zlib reads it whole), whose page head is stored as it is after the
        // 10-byte header and the stored block's 5.
        #expect(
            compressed.body.getBytes(at: 15, length: GzipBodyWriter.headBytes)
                == plain.body.getBytes(at: 0, length: GzipBodyWriter.headBytes))
        let decoded = try compressed.body.decompress(with: .gzip())
        #expect(decoded == plain.body)
    }

    @Test(arguments: [nil, "identity", "gzip;q=0", "deflate, br", "gzip ; ; q=0 , identity"])
    func identityOtherwise(_ acceptEncoding: String?) async throws {
        let reply = try await Self.get(
            TestOrg(MockOrgConfiguration(contacts: 50)), Self.query, acceptEncoding: acceptEncoding)
        #expect(reply.headers[.contentEncoding] == nil)
        #expect(reply.headers[.vary] == nil)
        #expect(reply.body.readableBytes == Int(reply.headers[.contentLength] ?? ""))
    }

    @Test func errorAnswersAreCompressedToo() async throws {
        var reply = try await Self.get(
            TestOrg(MockOrgConfiguration(contacts: 5)), "/services/data/v66.0/nothing", acceptEncoding: "gzip")
        #expect(reply.status == 404)
        #expect(reply.headers[.contentEncoding] == "gzip")
        let text = String(buffer: try reply.body.decompress(with: .gzip()))
        #expect(text.contains("NOT_FOUND"))
    }

    @Test func anEmptyAnswerIsLeftAlone() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 20))
        var headers = org.authorization
        headers[.acceptEncoding] = "gzip"
        // Some contacts have cases and refuse deletion; every one that is deleted answers 204, empty.
        let replies = try await org.test { [headers] client in
            var replies: [Reply] = []
            for serial in 1...20 {
                let uri = "/services/data/v66.0/sobjects/Contact/" + SalesforceID.make(keyPrefix: "003", serial: serial)
                replies.append(
                    try await client.execute(uri: uri, method: .delete, headers: headers) {
                        Reply(status: Int($0.status.code), headers: $0.headers, body: $0.body)
                    })
            }
            return replies
        }
        let deleted = replies.filter { $0.status == 204 }
        #expect(!deleted.isEmpty)
        for reply in deleted {
            #expect(reply.headers[.contentEncoding] == nil)
            #expect(reply.headers[.vary] == nil)
            #expect(reply.body.readableBytes == 0)
        }
    }

    @Test func anOrgWithoutCompressionNeverCompresses() async throws {
        var configuration = MockOrgConfiguration(contacts: 50)
        configuration.compression = false
        let reply = try await Self.get(TestOrg(configuration), Self.query, acceptEncoding: "gzip")
        #expect(reply.headers[.contentEncoding] == nil)
    }
}
