import Foundation
import MockOrg
import Synchronization
import Testing

@testable import RestCore

/// RestCore against MockOrg's `--unavailable-rate`: 503 SERVER_UNAVAILABLE with `Retry-After: 1`.
@Suite struct UnavailableOrgTests {
    /// The retries a client announced, in order.
    final class RetryLog: Sendable {
        let entries = Mutex<[(method: RestMethod, retry: RestRetry)]>([])

        func record(_ request: RestRequest, _ retry: RestRetry) {
            entries.withLock { $0.append((request.method, retry)) }
        }
    }

    @Test func aReadMeetingServerUnavailableWaitsTheOrgsRetryAfterAndSucceeds() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, unavailableRate: 0.5)
        let log = RetryLog()
        try await withMockOrg(configuration) { settings, _ in
            settings.retryPolicy = RetryPolicy(maximumRetries: 30)
            settings.onRetry = { log.record($0, $1) }
        } _: { client, _ in
            // Reads until one has met the fault; each read ends in success, however many 503s it met.
            for _ in 0..<60 where log.entries.withLock({ $0.isEmpty }) {
                let response = try await client.send(client.request(forResources: nil))
                #expect(response.status == 200)
            }
            let retries = log.entries.withLock { $0 }
            #expect(!retries.isEmpty)
            for (method, retry) in retries {
                #expect(method == .GET)
                #expect(retry.delay == .seconds(1))
                #expect(retry.error.httpStatus == 503)
                #expect(retry.error.salesforceErrors.first?.errorCode == "SERVER_UNAVAILABLE")
            }
        }
    }

    @Test func writesMeetingServerUnavailableAreSentOnce() async throws {
        let configuration = MockOrgConfiguration(contacts: 5, unavailableRate: 1)
        let log = RetryLog()
        try await withMockOrg(configuration) { settings, _ in
            settings.onRetry = { log.record($0, $1) }
        } _: { client, _ in
            let writes = [
                client.requestForDelete(withObjectType: "Contact", objectId: "003000000000001AAA"),
                client.requestForCreate(withObjectType: "Contact", fields: ["LastName": .string("Once")]),
            ]
            for request in writes {
                let error = await #expect(throws: RestClientError.self) { try await client.send(request) }
                #expect(error?.httpStatus == 503)
            }
            #expect(log.entries.withLock { $0.isEmpty })
        }
    }
}
