import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestSupport
import Testing

@testable import MockOrg

/// A piece of a job's results is read back and sent a slice at a time: plain, with its length
/// known ahead; with gzip, as one gzip member per slice, which decode to the plain piece.
@Suite struct BulkResultsStreamTests {
    static let soql = "SELECT Id, Name, Email, Phone, Title, Account.Name FROM Contact ORDER BY Name"

    struct Reply: Sendable {
        var headers: HTTPFields
        var body: [UInt8]
    }

    static func results(_ org: TestOrg, _ uri: String, gzip: Bool) async throws -> Reply {
        var headers = org.authorization
        if gzip { headers[.acceptEncoding] = "gzip" }
        return try await org.test { [headers] client in
            try await client.execute(uri: uri, method: .get, headers: headers) {
                Reply(headers: $0.headers, body: Array($0.body.readableBytesView))
            }
        }
    }

    @Test func aPieceOfManySlicesGoesOutAsAGzipMemberPerSliceThatDecodeToThePlainPiece() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 60_000))
        let id = try await org.test { client in try await client.completedJob(Self.soql, org: org) }
        let uri = BulkQueryRouteTests.jobs + "/" + id + "/results?maxRecords=60000"
        let plain = try await Self.results(org, uri, gzip: false)
        let compressed = try await Self.results(org, uri, gzip: true)

        let slices = (plain.body.count + BulkQueryRoutes.sliceBytes - 1) / BulkQueryRoutes.sliceBytes
        #expect(slices >= 2, "the piece is \(plain.body.count) bytes, one slice")
        #expect(plain.headers[.contentEncoding] == nil)
        #expect(plain.headers[.contentLength] == String(plain.body.count))
        #expect(plain.headers[BulkQueryRoutes.numberOfRecordsHeader] == "60000")
        #expect(plain.body.split(separator: UInt8(ascii: "\n")).count == 60_001)

        #expect(compressed.headers[.contentEncoding] == "gzip")
        #expect(compressed.headers[.vary] == "Accept-Encoding")
        #expect(compressed.headers[.contentLength] == nil)
        // Each member starts with the same 10-byte gzip header.
        let header = Array(compressed.body.prefix(10))
        #expect(header.starts(with: [0x1f, 0x8b, 8]))
        let members = (0...(compressed.body.count - header.count)).filter {
            compressed.body[$0..<$0 + header.count].elementsEqual(header)
        }
        #expect((slices...slices + 1).contains(members.count), "\(members.count) members")

        let file = TemporaryFile("gz")
        try Data(compressed.body).write(to: URL(fileURLWithPath: file.path))
        let decoded = try await ProcessRunner.run("gzip", ["-dc", file.path]).checked()
        #expect(Array(decoded.output.utf8) == plain.body)
    }
}
