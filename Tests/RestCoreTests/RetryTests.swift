import Foundation
import HTTPTypes
import Synchronization
import Testing

@testable import RestCore

/// Reads are sent again after a transient failure, within the request's timeout; writes never are.
@Suite struct RetryTests {
    /// One scripted outcome per exchange; the last one repeats.
    enum Reply: Sendable {
        case status(Int, body: String = "", headers: HTTPFields = [:])
        case lost(String)
    }

    /// A transport that plays `replies` in order and records what was sent.
    static func transport(_ replies: [Reply]) -> InMemoryTransport {
        let next = Mutex(0)
        return InMemoryTransport { _ throws(RestClientError) in
            let index = next.withLock { index in
                defer { index += 1 }
                return min(index, replies.count - 1)
            }
            switch replies[index] {
            case .status(let status, let body, let headers):
                return RestResponse(status: status, headers: headers, body: Array(body.utf8))
            case .lost(let reason):
                throw .transportFailed(host: "example.my.salesforce.com", reason: reason)
            }
        }
    }

    /// The retries a client announced.
    final class RetryLog: Sendable {
        private let retries = Mutex<[RestRetry]>([])
        func append(_ retry: RestRetry) { retries.withLock { $0.append(retry) } }
        var all: [RestRetry] { retries.withLock { $0 } }
    }

    /// A client whose back-off waits are all zero (or `random` of the ceiling), recording each retry.
    /// The default timeout only bounds the test: every retry shares it, and on two busy cores the
    /// pool may not run the attempts for a minute.
    static func client(
        _ transport: InMemoryTransport, random: @escaping @Sendable () -> Double = { 0 },
        timeout: Duration = .seconds(600), retries: RetryLog? = nil
    ) -> RestClient {
        makeClient(transport) {
            $0.timeout = timeout
            $0.retryPolicy = RetryPolicy(random: random)
            $0.onRetry = { _, retry in retries?.append(retry) }
        }
    }

    static let unavailable = #"[{"message":"Server unavailable","errorCode":"SERVER_UNAVAILABLE"}]"#

    @Test(arguments: [502, 503, 504])
    func edgeFailuresOfAReadAreRetriedFourTimes(status: Int) async {
        let transport = Self.transport([.status(status, body: "<html>gateway</html>")])
        let retries = RetryLog()
        let client = Self.client(transport, retries: retries)
        let error = await #expect(throws: RestClientError.self) { try await client.send(client.requestForVersions()) }
        #expect(error?.httpStatus == status)
        #expect(transport.requests.count == 5)
        #expect(retries.all.map(\.number) == [1, 2, 3, 4])
    }

    @Test(arguments: [500, 503, 403])
    func serverUnavailableIsRetriedWhateverItsStatus(status: Int) async {
        let transport = Self.transport([.status(status, body: Self.unavailable), .status(200, body: "[]")])
        let client = Self.client(transport)
        let response = try? await client.send(client.requestForVersions())
        #expect(response?.status == 200)
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [400, 404, 500, 403])
    func otherFailuresAreReportedAtOnce(status: Int) async {
        let body = #"[{"message":"no","errorCode":"SOMETHING_ELSE"}]"#
        let transport = Self.transport([.status(status, body: body)])
        let client = Self.client(transport)
        await #expect(throws: RestClientError.self) { try await client.send(client.requestForVersions()) }
        #expect(transport.requests.count == 1)
    }

    @Test func aReadSucceedsAfterTransientFailures() async throws {
        let transport = Self.transport([.status(503), .status(502), .status(200, body: "[]")])
        let retries = RetryLog()
        let client = Self.client(transport, retries: retries)
        let response = try await client.send(client.request(forQuery: "SELECT Id FROM Contact"))
        #expect(response.status == 200)
        #expect(transport.requests.count == 3)
        #expect(retries.all.map { $0.error.httpStatus } == [503, 502])
    }

    @Test func headIsARead() async {
        let transport = Self.transport([.status(503), .status(200)])
        let client = Self.client(transport)
        let response = try? await client.send(RestRequest(method: .HEAD, path: "/services/data/"))
        #expect(response?.status == 200)
        #expect(transport.requests.count == 2)
    }

    @Test(arguments: [RestMethod.POST, .PATCH, .PUT, .DELETE])
    func writesAreNeverRetried(method: RestMethod) async {
        for reply in [Reply.status(503, body: Self.unavailable), .status(504), .lost("connection reset")] {
            let transport = Self.transport([.status(200, body: "[]"), reply])
            let client = Self.client(transport)
            _ = try? await client.send(client.requestForVersions())
            let write = RestRequest(method: method, path: "/services/data/v66.0/sobjects/Contact/003x", body: [])
            await #expect(throws: RestClientError.self) { try await client.send(write) }
            #expect(transport.requests.count == 2, "\(method) after \(reply)")
        }
    }

    @Test(arguments: ["connection reset", "connection refused", "the server closed the connection", "broken pipe"])
    func aLostConnectionIsRetriedOnceTheHostHasAnswered(reason: String) async throws {
        let transport = Self.transport([.status(200, body: "[]"), .lost(reason), .status(200, body: "[]")])
        let client = Self.client(transport)
        _ = try await client.send(client.requestForVersions())
        let response = try await client.send(client.requestForVersions())
        #expect(response.status == 200)
        #expect(transport.requests.count == 3)
    }

    /// Refused or reset on first contact is most likely a wrong address or port: said at once.
    @Test(arguments: ["connection refused", "connection reset"])
    func aLostConnectionOnFirstContactIsReportedAtOnce(reason: String) async {
        let transport = Self.transport([.lost(reason)])
        let client = Self.client(transport)
        let error = await #expect(throws: RestClientError.self) { try await client.send(client.requestForVersions()) }
        guard case .transportFailed(_, let said) = error else {
            Issue.record("unexpected \(String(describing: error))")
            return
        }
        #expect(said == reason)
        #expect(transport.requests.count == 1)
    }

    @Test func otherTransportFailuresAreNotRetried() async throws {
        let transport = Self.transport([.status(200, body: "[]"), .lost("no such host")])
        let client = Self.client(transport)
        _ = try await client.send(client.requestForVersions())
        await #expect(throws: RestClientError.self) { try await client.send(client.requestForVersions()) }
        #expect(transport.requests.count == 2)
    }

    @Test func retryAfterIsHonoured() async throws {
        let transport = Self.transport([
            .status(503, body: Self.unavailable, headers: [.retryAfter: "1"]), .status(200, body: "[]"),
        ])
        let retries = RetryLog()
        let client = Self.client(transport, random: { 0 }, retries: retries)
        let started = ContinuousClock.now
        _ = try await client.send(client.requestForVersions())
        #expect(ContinuousClock.now - started >= .seconds(1))
        #expect(retries.all.map(\.delay) == [.seconds(1)])
    }

    @Test func aRetryAfterPastTheTimeoutReportsTheFailureAtOnce() async {
        let transport = Self.transport([.status(503, body: Self.unavailable, headers: [.retryAfter: "5"])])
        let retries = RetryLog()
        let client = Self.client(transport, timeout: .seconds(2), retries: retries)
        // No wait was recorded and nothing sent again: the failure is reported without sleeping.
        let error = await #expect(throws: RestClientError.self) { try await client.send(client.requestForVersions()) }
        #expect(retries.all.isEmpty)
        #expect(error?.salesforceErrors.first?.errorCode == "SERVER_UNAVAILABLE")
        #expect(transport.requests.count == 1)
    }

    /// Waits of 0.99 × 200, 400, 800, 1600 ms: within an 800 ms timeout there is room for two at
    /// most (fewer when the machine is busy), and the last answer (not a timeout) is reported.
    /// Without the deadline, the four waits alone would take about 3 s.
    @Test func backOffStaysWithinTheRequestTimeout() async {
        let transport = Self.transport([.status(503)])
        let retries = RetryLog()
        let client = Self.client(transport, random: { 0.99 }, retries: retries)
        let request = RestRequest(method: .GET, path: "/services/data/", timeout: .milliseconds(800))
        let error = await #expect(throws: RestClientError.self) { try await client.send(request) }
        #expect(error?.httpStatus == 503)
        let waits = retries.all.map(\.delay)
        #expect(waits.count <= 2)
        #expect(waits.reduce(.zero, +) < .milliseconds(800))
        #expect(transport.requests.count == waits.count + 1)
        #expect(transport.requests.map(\.timeout).allSatisfy { $0 <= .milliseconds(800) })
    }

    @Test func cancellingEndsTheWaitAtOnce() async {
        let transport = Self.transport([.status(503, body: Self.unavailable, headers: [.retryAfter: "30"])])
        let (waiting, retrying) = AsyncStream<Void>.makeStream()
        let client = makeClient(transport) { $0.onRetry = { _, _ in retrying.yield() } }
        let task = Task { try await client.send(client.requestForVersions()) }
        for await _ in waiting { break }
        task.cancel()
        // Had the 30 s wait run its course, the answer would be the next 503, not `.cancelled`.
        let result = await task.result
        guard case .failure(let error) = result, case .cancelled? = error as? RestClientError else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(transport.requests.count == 1)
    }

    @Test func backOffIsExponentialWithFullJitterAndCapped() {
        let half = RetryPolicy(random: { 0.5 })
        let waits = (1...7).map { half.delay(beforeRetry: $0, retryAfter: nil) }
        #expect(waits == [0.1, 0.2, 0.4, 0.8, 1.6, 2.5, 2.5].map { Duration.seconds($0) })
        #expect(RetryPolicy(random: { 0 }).delay(beforeRetry: 3, retryAfter: nil) == .zero)
        #expect(half.delay(beforeRetry: 1, retryAfter: .seconds(3)) == .seconds(3))
    }

    /// With reads failing at random and a fifth of them cancelled, each send still completes once.
    @Test(arguments: [RestDispatchMode.parallel, .serial])
    func everySendCompletesOnceAcrossRetries(dispatch: RestDispatchMode) async {
        let transport = InMemoryTransport { _ throws(RestClientError) in
            try? await Task.sleep(for: .microseconds(Int.random(in: 0...2000)))
            return RestResponse(status: Bool.random() ? 503 : 200, headers: [:], body: Array("[]".utf8))
        }
        let client = makeClient(transport) {
            $0.dispatch = dispatch
            $0.retryPolicy = RetryPolicy(baseDelay: .milliseconds(2))
        }
        let completions = Mutex<[RestRequestID: Int]>([:])
        var handles: [RestRequestHandle] = []
        for index in 0..<200 {
            let request = client.requestForVersions()
            let handle = client.send(request) { _ in completions.withLock { $0[request.id, default: 0] += 1 } }
            if index % 5 == 0 { handle.cancel() }
            handles.append(handle)
        }
        for handle in handles { await handle.waitUntilCompleted() }
        let counts = completions.withLock { $0 }
        #expect(counts.count == 200)
        #expect(counts.values.allSatisfy { $0 == 1 })
    }
}
