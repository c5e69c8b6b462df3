import Synchronization
import Testing

@testable import RestCore

/// `BulkQuery.waitUntilComplete`'s waits: the first poll waits too (a job just created is never
/// complete, and every poll is a call), and a wait cancelled sends no further poll.
@Suite struct BulkQueryFirstPollTests {
    /// An org whose job is always `InProgress`, counting the polls it is sent.
    static func runningJob() -> (InMemoryTransport, RestClient) {
        let transport = InMemoryTransport { _ throws(RestClientError) in
            RestResponse(
                status: 200, headers: [.contentType: "application/json"],
                body: Array(#"{"id":"750X","state":"InProgress","operation":"query"}"#.utf8))
        }
        return (transport, makeClient(transport))
    }

    /// How `waitUntilComplete` ended, when it threw.
    static func outcome(_ wait: Task<BulkQueryJob, any Error>) async -> BulkQueryError? {
        do {
            _ = try await wait.value
            return nil
        } catch {
            return error as? BulkQueryError
        }
    }

    static func isCancelled(_ error: BulkQueryError?) -> Bool {
        if case .requestFailed(.cancelled) = error { return true }
        return false
    }

    @Test func theFirstPollWaitsAndCancellingThatWaitSendsNoPoll() async throws {
        let (transport, client) = Self.runningJob()
        let bulk = BulkQuery(client: client, firstPoll: .seconds(3600))
        let wait = Task { try await bulk.waitUntilComplete("750X") }
        // Long enough for a poll sent at once to have reached the transport.
        try await Task.sleep(for: .milliseconds(100))
        #expect(transport.requests.isEmpty, "no poll before the first wait is over")
        wait.cancel()
        #expect(Self.isCancelled(await Self.outcome(wait)))
        #expect(transport.requests.isEmpty)
        await client.shutdown()
    }

    @Test func aWaitCancelledAfterAPollSendsNoFurtherPoll() async throws {
        let (transport, client) = Self.runningJob()
        let bulk = BulkQuery(client: client, firstPoll: .milliseconds(1))
        let answers = Mutex(0)
        let wait = Task {
            try await bulk.waitUntilComplete("750X") { job in
                #expect(job.state == .inProgress)
                answers.withLock { $0 += 1 }
                // The reader goes away while the job still runs: the next wait is cut off.
                withUnsafeCurrentTask { $0?.cancel() }
            }
        }
        #expect(Self.isCancelled(await Self.outcome(wait)))
        #expect(answers.withLock { $0 } == 1)
        #expect(transport.requests.count == 1)
        #expect(transport.requests.allSatisfy { $0.method == .GET && $0.url.hasSuffix("/jobs/query/750X") })
        await client.shutdown()
    }
}
