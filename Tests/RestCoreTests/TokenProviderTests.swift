import Foundation
import Synchronization
import TestSupport
import Testing

@testable import RestCore

/// Renewal through a `TokenProvider` the app chooses: one renewal for every request that hit the
/// 401 meanwhile, one replay each, and a refusal remembered for the stale token.
@Suite struct TokenProviderTests {
    static let expired = InMemoryTransport.expiredSessionBody

    /// A provider in memory: counts its calls, holds each renewal until `release` says so, then
    /// answers `outcome`.
    final class CountingProvider: TokenProvider {
        private let state = Mutex((calls: 0, stale: [String]()))
        let outcome: Result<String, TokenRenewalError>
        let release: @Sendable () async -> Void

        init(_ outcome: Result<String, TokenRenewalError>, release: @escaping @Sendable () async -> Void = {}) {
            self.outcome = outcome
            self.release = release
        }

        var calls: Int { state.withLock { $0.calls } }
        var staleTokens: [String] { state.withLock { $0.stale } }

        func renewToken(
            replacing staleToken: String, transport: any RestTransport, timeout: Duration
        ) async throws(TokenRenewalError) -> String {
            state.withLock {
                $0.calls += 1
                $0.stale.append(staleToken)
            }
            await release()
            return try outcome.get()
        }
    }

    /// An org whose only valid token is "token-2".
    static func org() -> InMemoryTransport {
        InMemoryTransport { request throws(RestClientError) in
            if request.headers[.authorization] == "Bearer token-2" {
                return RestResponse(status: 200, headers: [:], body: Array("{}".utf8))
            }
            return RestResponse(status: 401, headers: [:], body: Array(expired.utf8))
        }
    }

    /// Sends `count` requests at once and returns their results, in order.
    static func sendAll(_ count: Int, with client: RestClient) async -> [Result<RestResponse, RestClientError>] {
        await withTaskGroup(of: (Int, Result<RestResponse, RestClientError>).self) { group in
            for index in 0..<count {
                group.addTask {
                    let request = client.requestForRetrieve(
                        withObjectType: "Contact", objectId: "003\(index)", fieldList: nil)
                    do throws(RestClientError) {
                        return (index, .success(try await client.send(request)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results = [Result<RestResponse, RestClientError>?](repeating: nil, count: count)
            for await (index, result) in group { results[index] = result }
            return results.compactMap { $0 }
        }
    }

    /// Holds the renewal until every one of `count` requests got its 401 with the stale token.
    static func untilAllRefused(_ count: Int, by transport: InMemoryTransport) -> @Sendable () async -> Void {
        {
            _ = await waitUntil(within: .seconds(30)) {
                transport.requests.filter { $0.headers[.authorization] == "Bearer token-1" }.count >= count
            }
        }
    }

    @Test func concurrentExpiredRequestsShareOneRenewalAndReplayOnceEach() async throws {
        let transport = Self.org()
        let provider = CountingProvider(.success("token-2"), release: Self.untilAllRefused(12, by: transport))
        let client = makeClient(transport) { $0.tokenProvider = provider }
        let results = await Self.sendAll(12, with: client)
        #expect(results.count == 12)
        #expect(results.allSatisfy { (try? $0.get().status) == 200 })
        #expect(provider.calls == 1)
        #expect(provider.staleTokens == ["token-1"])
        #expect(client.refreshCount == 1)
        #expect(client.configuration.accessToken == "token-2")
        let replays = transport.requests.filter { $0.headers[.authorization] == "Bearer token-2" }
        #expect(replays.count == 12)
        #expect(transport.requests.count == 24)
    }

    @Test func aFailedRenewalFailsEachWaitingRequestOnceWithTheProvidersSentence() async throws {
        let transport = Self.org()
        let sentence = "the sf session of alias dev ended; run sf org login web --alias dev."
        let provider = CountingProvider(
            .failure(TokenRenewalError(message: sentence, isRefusal: true)),
            release: Self.untilAllRefused(8, by: transport))
        let client = makeClient(transport) { $0.tokenProvider = provider }
        let results = await Self.sendAll(8, with: client)
        #expect(results.count == 8)
        for result in results {
            guard case .failure(.authenticationFailed(let detail)) = result else {
                Issue.record("expected authenticationFailed, got \(result)")
                continue
            }
            #expect(detail == sentence)
        }
        #expect(provider.calls == 1)
        #expect(transport.requests.count == 8)  // nothing replayed
    }

    @Test func aRefusalIsRememberedForTheStaleTokenButALostAnswerIsNot() async throws {
        let refusing = CountingProvider(.failure(TokenRenewalError(message: "sign in again.", isRefusal: true)))
        let refused = makeClient(Self.org()) { $0.tokenProvider = refusing }
        for _ in 0..<3 {
            _ = await Self.sendAll(1, with: refused)
        }
        #expect(refusing.calls == 1)

        let losing = CountingProvider(.failure(TokenRenewalError(message: "no answer; try again.", isRefusal: false)))
        let lost = makeClient(Self.org()) {
            $0.tokenProvider = losing
            $0.retryPolicy = .never  // each 401 asks once: what is counted is that it asks again
        }
        for _ in 0..<3 {
            _ = await Self.sendAll(1, with: lost)
        }
        #expect(losing.calls == 3)
    }

    @Test func theProviderWinsOverTheRefreshTokenAndGetsTheClientsTransport() async throws {
        let transport = Self.org()
        let provider = CountingProvider(.success("token-2"))
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(refreshToken: "refresh-1")
            $0.tokenProvider = provider
        }
        _ = try await client.send(client.requestForVersions())
        #expect(provider.calls == 1)
        #expect(!transport.requests.contains { $0.url.hasSuffix("/services/oauth2/token") })
    }

    @Test func aTokenTheOrgNeverTookIsReportedAsRefusedNotExpired() async {
        let client = makeClient(Self.org())
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        guard case .authenticationFailed(let detail) = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(
            detail
                == "the org refused the access token (INVALID_SESSION_ID): it is wrong, revoked or expired, "
                + "and no refresh token is configured to renew it.")
    }

    @Test func aTokenTheOrgTookBeforeIsReportedAsExpired() async throws {
        // The org takes the token for one request, then its session ends.
        let answered = Mutex(0)
        let transport = InMemoryTransport { _ throws(RestClientError) in
            let count = answered.withLock { count in
                count += 1
                return count
            }
            if count == 1 { return RestResponse(status: 200, headers: [:], body: Array("{}".utf8)) }
            return RestResponse(status: 401, headers: [:], body: Array(Self.expired.utf8))
        }
        let client = makeClient(transport)
        _ = try await client.send(client.requestForVersions())
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        guard case .authenticationFailed(let detail) = error else {
            Issue.record("expected authenticationFailed, got \(String(describing: error))")
            return
        }
        #expect(detail == "the session expired (INVALID_SESSION_ID) and no refresh token is configured; sign in again.")
    }
}
