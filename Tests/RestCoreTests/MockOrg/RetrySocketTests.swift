import Foundation
import HTTPTypes
import MockOrg
import Synchronization
import TestSupport
import Testing

@testable import RestCore

/// Retries and API usage over real sockets: a scripted server, and MockOrg dropping connections.
@Suite struct RetrySocketTests {
    @Test func serverUnavailableWithRetryAfterIsRetriedAndUsageIsRead() async throws {
        let served = Mutex(0)
        try await withScriptedOrg({ _ in
            let count = served.withLock { count in
                count += 1
                return count
            }
            if count == 1 {
                return .respond(
                    status: 503, headers: [.retryAfter: "0", .contentType: "application/json"],
                    body: Array(#"[{"message":"Server unavailable","errorCode":"SERVER_UNAVAILABLE"}]"#.utf8))
            }
            return .respond(
                status: 200, headers: [.sforceLimitInfo: "api-usage=1204/15000", .contentType: "application/json"],
                body: Array("[]".utf8))
        }) { client, server in
            let response = try await client.send(client.requestForVersions())
            #expect(response.status == 200)
            #expect(server.requests.count == 2)
            #expect(client.apiUsage == APIUsage(used: 1204, max: 15000))
        }
    }

    /// Every connection MockOrg drops after the first answer is a read sent again, so the list
    /// arrives whole (without retries, ten pages at a 30 % drop rate almost never do).
    @Test func everyPageArrivesWhileTheOrgDropsConnections() async throws {
        try await withMockOrg(MockOrgConfiguration(contacts: 2000, dropRate: 0.3)) { configuration, _ in
            configuration.retryPolicy = RetryPolicy(maximumRetries: 8, baseDelay: .milliseconds(10))
        } _: { client, _ in
            var contacted = false
            for _ in 0..<30 where !contacted {
                contacted = (try? await client.send(client.requestForVersions())) != nil
            }
            #expect(contacted)
            var count = 0
            for try await _ in client.records(forQuery: "SELECT Id FROM Contact", batchSize: 200) {
                count += 1
            }
            #expect(count == 2000)
        }
    }
}
