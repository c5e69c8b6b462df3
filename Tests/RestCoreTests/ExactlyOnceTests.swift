import Foundation
import Synchronization
import Testing

@testable import RestCore

/// Whatever the interleaving of answers, expiries, refreshes and cancellations, every send
/// completes exactly once.
@Suite struct ExactlyOnceTests {
    /// An org whose token rotates: every `rotateEvery` requests the current token expires.
    final class RotatingOrg: Sendable {
        private let state = Mutex((token: "token-1", generation: 1, served: 0, refreshes: 0))
        let rotateEvery: Int

        init(rotateEvery: Int) { self.rotateEvery = rotateEvery }

        var refreshes: Int { state.withLock { $0.refreshes } }

        func handle(_ request: TransportRequest) async throws(RestClientError) -> RestResponse {
            try? await Task.sleep(for: .microseconds(Int.random(in: 0...3000)))
            if Task.isCancelled { throw .cancelled }
            if request.url.hasSuffix("/services/oauth2/token") {
                let token = state.withLock { state in
                    state.generation += 1
                    state.refreshes += 1
                    state.token = "token-\(state.generation)"
                    return state.token
                }
                return RestResponse(status: 200, headers: [:], body: Array(#"{"access_token":"\#(token)"}"#.utf8))
            }
            let valid = state.withLock { state in
                state.served += 1
                if state.served % rotateEvery == 0 { state.token = "expired-\(state.served)" }
                return request.headers[.authorization] == "Bearer \(state.token)"
            }
            if valid { return RestResponse(status: 200, headers: [:], body: Array("{}".utf8)) }
            return RestResponse(status: 401, headers: [:], body: Array(InMemoryTransport.expiredSessionBody.utf8))
        }
    }

    @Test(arguments: [RestDispatchMode.parallel, .serial])
    func everySendCompletesOnce(dispatch: RestDispatchMode) async throws {
        let org = RotatingOrg(rotateEvery: 7)
        let transport = InMemoryTransport { request throws(RestClientError) in try await org.handle(request) }
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(refreshToken: "refresh")
            $0.dispatch = dispatch
        }
        let completions = Mutex<[RestRequestID: Int]>([:])
        var handles: [RestRequestHandle] = []
        var ids: [RestRequestID] = []
        for index in 0..<300 {
            let request = client.requestForVersions()
            ids.append(request.id)
            let handle = client.send(request) { _ in
                completions.withLock { $0[request.id, default: 0] += 1 }
            }
            if index % 5 == 0 { handle.cancel() }
            handles.append(handle)
        }
        for handle in handles { await handle.waitUntilCompleted() }
        let counts = completions.withLock { $0 }
        #expect(counts.count == 300)
        #expect(Set(counts.keys) == Set(ids))
        #expect(counts.values.allSatisfy { $0 == 1 })
        #expect(org.refreshes >= 1)
    }
}
