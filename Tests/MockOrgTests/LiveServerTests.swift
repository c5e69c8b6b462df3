import Foundation
import TestSupport
import Testing

@testable import MockOrg

/// Behaviour that needs real sockets: concurrent clients and injected faults.
@Suite struct LiveServerTests {
    static func contactIDs(_ endpoint: MockOrgEndpoint) async throws -> [String] {
        let url = URL(string: endpoint.url.absoluteString + "/services/data/v66.0/query?q=SELECT+Id+FROM+Contact")!
        let reply = try await LiveHTTP.send("GET", url, token: endpoint.accessToken)
        let records = (reply.json as? [String: Any])?["records"] as? [[String: Any]] ?? []
        return records.compactMap { $0["Id"] as? String }
    }

    @Test func concurrentDeletesOfOneRecordSucceedExactlyOnce() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 40, seed: 5))
        let endpoint = try await server.start()
        let generator = SeedGenerator(seed: 5, contactCount: 40)
        let ids = try await Self.contactIDs(endpoint)
        let row = try #require((0..<40).first { generator.caseCount(forContact: $0) == 0 })
        let url = URL(string: endpoint.url.absoluteString + "/services/data/v66.0/sobjects/Contact/" + ids[row])!
        let outcomes = try await withThrowingTaskGroup(of: (Int, String?).self) { group in
            for _ in 0..<16 {
                group.addTask {
                    let reply = try await LiveHTTP.send("DELETE", url, token: endpoint.accessToken)
                    return (reply.status, LiveHTTP.errorCode(reply.json))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        await server.stop()
        #expect(outcomes.filter { $0.0 == 204 }.count == 1)
        #expect(outcomes.filter { $0.0 == 404 && $0.1 == "ENTITY_IS_DELETED" }.count == 15)
    }

    @Test func failRateMakesWritesFailWithUnableToLockRow() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10, failRate: 1))
        let endpoint = try await server.start()
        let ids = try await Self.contactIDs(endpoint)
        #expect(ids.count == 10)
        let url = URL(string: endpoint.url.absoluteString + "/services/data/v66.0/sobjects/Contact/" + ids[0])!
        let reply = try await LiveHTTP.send("DELETE", url, token: endpoint.accessToken)
        let created = try await LiveHTTP.send(
            "POST", URL(string: endpoint.url.absoluteString + "/services/data/v66.0/sobjects/Contact")!,
            token: endpoint.accessToken, body: #"{"LastName": "X"}"#)
        await server.stop()
        #expect(reply.status == 400)
        #expect(LiveHTTP.errorCode(reply.json) == "UNABLE_TO_LOCK_ROW")
        #expect(LiveHTTP.errorCode(created.json) == "UNABLE_TO_LOCK_ROW")
    }

    @Test func dropRateClosesConnectionsWithoutAResponse() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10, dropRate: 1))
        let endpoint = try await server.start()
        let url = URL(string: endpoint.url.absoluteString + "/services/data/")!
        await #expect(throws: (any Error).self) {
            _ = try await LiveHTTP.send("GET", url, token: nil)
        }
        await server.stop()
    }

    @Test func latencyDelaysEveryRequest() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10, latency: .milliseconds(200)))
        let endpoint = try await server.start()
        let url = URL(string: endpoint.url.absoluteString + "/services/data/")!
        let start = ContinuousClock.now
        let reply = try await LiveHTTP.send("GET", url, token: nil)
        let elapsed = ContinuousClock.now - start
        await server.stop()
        #expect(reply.status == 200)
        #expect(elapsed >= .milliseconds(200))
    }

    @Test func garbageBytesGetAnErrorAndTheServerKeepsServing() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 10))
        let endpoint = try await server.start()
        let port = try #require(endpoint.url.port)
        let answer = try await RawSocket.exchange(
            port: port, bytes: Array("\u{1}\u{2}GARBAGE \u{7f}\r\n\r\n".utf8) + [0xff, 0xfe, 0x00])
        let hugeHeader = try await RawSocket.exchange(
            port: port,
            bytes: Array(
                ("GET /services/data/ HTTP/1.1\r\nHost: x\r\nX-Big: " + String(repeating: "a", count: 200_000)
                    + "\r\n\r\n").utf8))
        let reply = try await LiveHTTP.send(
            "GET", URL(string: endpoint.url.absoluteString + "/services/data/")!, token: nil)
        await server.stop()
        #expect(String(decoding: answer, as: UTF8.self).hasPrefix("HTTP/1.1 400") || answer.isEmpty)
        #expect(String(decoding: hugeHeader, as: UTF8.self).hasPrefix("HTTP/1.1 4") || hugeHeader.isEmpty)
        #expect(reply.status == 200)
    }
}
