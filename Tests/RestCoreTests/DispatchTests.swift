import Foundation
import Synchronization
import Testing

@testable import RestCore

/// Serial and parallel dispatch, the gate and the hooks, observed at a real server.
@Suite struct DispatchTests {
    /// Answers after 30 ms and tracks how many requests were in flight at once.
    final class Concurrency: Sendable {
        private let state = Mutex((current: 0, peak: 0))
        var peak: Int { state.withLock { $0.peak } }

        func script() -> ScriptedServer.Script {
            { _ in
                self.state.withLock {
                    $0.current += 1; $0.peak = max($0.peak, $0.current)
                }
                try? await Task.sleep(for: .milliseconds(30))
                self.state.withLock { $0.current -= 1 }
                return .json("{}")
            }
        }
    }

    func sendTen(dispatch: RestDispatchMode) async throws -> (order: [String], peak: Int, completed: [String]) {
        let concurrency = Concurrency()
        return try await withScriptedOrg(configure: { $0.dispatch = dispatch }, concurrency.script()) {
            client, server in
            let completed = EventLog<String>()
            let handles = (0..<10).map { index in
                client.send(client.request(forQuery: "SELECT Id FROM Contact LIMIT \(index)")) { _ in
                    completed.append("\(index)")
                }
            }
            for handle in handles { await handle.waitUntilCompleted() }
            let order = server.requests.map { String($0.target.split(separator: "%20").last ?? "") }
            return (order, concurrency.peak, completed.all)
        }
    }

    @Test func serialDispatchIsFIFOAndOneAtATime() async throws {
        let result = try await sendTen(dispatch: .serial)
        let expected = (0..<10).map { "\($0)" }
        #expect(result.order == expected)
        #expect(result.completed == expected)
        #expect(result.peak == 1)
    }

    @Test func parallelDispatchOverlaps() async throws {
        let result = try await sendTen(dispatch: .parallel)
        #expect(Set(result.order) == Set((0..<10).map { "\($0)" }))
        #expect(result.peak > 1)
    }

    @Test func cancelledRequestLeavesTheSerialQueue() async throws {
        try await withScriptedOrg(
            configure: { $0.dispatch = .serial },
            { request in
                if request.path.hasSuffix("/slow") { try? await Task.sleep(for: .milliseconds(200)) }
                return .json("{}")
            }
        ) { client, server in
            let outcomes = EventLog<String>()
            let slow = client.send(RestRequest(method: .GET, path: "/slow")) { _ in outcomes.append("slow") }
            let doomed = client.send(RestRequest(method: .GET, path: "/doomed")) { result in
                if case .failure(.cancelled) = result { outcomes.append("doomed cancelled") }
            }
            let last = client.send(RestRequest(method: .GET, path: "/last")) { _ in outcomes.append("last") }
            await eventually { server.requests.count == 1 }
            doomed.cancel()
            for handle in [slow, doomed, last] { await handle.waitUntilCompleted() }
            #expect(outcomes.all.contains("doomed cancelled"))
            #expect(server.requests.map(\.path) == ["/slow", "/last"])
        }
    }

    @Test func gateBlocksWritesBeforeAnythingIsSentAndHooksHearEachOutcome() async throws {
        let successes = EventLog<String>()
        let failures = EventLog<String>()
        try await withScriptedOrg(
            configure: {
                $0.shouldMakeRequest = { !$0.method.isWrite }
                $0.onSuccess = { request, _ in successes.append(request.method.rawValue) }
                $0.onFailure = { request, error in failures.append("\(request.method.rawValue) \(error)") }
            }, { _ in .json("{}") }
        ) { client, server in
            let delete = client.requestForDelete(withObjectType: "Contact", objectId: "003000000000001AAA")
            let error = await #expect(throws: RestClientError.self) { try await client.send(delete) }
            guard case .blockedByGate = error else {
                Issue.record("expected blockedByGate, got \(String(describing: error))")
                return
            }
            _ = try await client.send(client.requestForVersions())
            #expect(server.requests.map(\.method) == ["GET"])
            #expect(successes.all == ["GET"])
            #expect(failures.count == 1)
            #expect(failures.all.first?.hasPrefix("DELETE The request was blocked") == true)
        }
    }
}
