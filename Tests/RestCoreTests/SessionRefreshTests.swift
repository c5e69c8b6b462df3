import Foundation
import Synchronization
import Testing

@testable import RestCore

/// Expired sessions over a real socket: one shared refresh, one replay each, exactly-once completion.
@Suite struct SessionRefreshTests {
    static let expired = InMemoryTransport.expiredSessionBody

    /// A server whose valid token is "token-2"; the token endpoint waits a little (so that
    /// requests pile up behind the refresh) and then grants it, or refuses when `refuse` is set.
    static func script(refuse: Bool) -> ScriptedServer.Script {
        { request in
            if request.path == "/services/oauth2/token" {
                try? await Task.sleep(for: .milliseconds(150))
                if refuse {
                    return .json(
                        #"{"error":"invalid_grant","error_description":"expired access/refresh token"}"#, status: 400)
                }
                return .json(#"{"access_token":"token-2","instance_url":"http://127.0.0.1","token_type":"Bearer"}"#)
            }
            if request.headers[.authorization] == "Bearer token-2" {
                return .json(#"{"path":"\#(request.target)"}"#)
            }
            return .json(expired, status: 401)
        }
    }

    static func withRefreshToken(_ configuration: inout RestClientConfiguration) {
        configuration.refresh = RefreshSettings(refreshToken: "refresh/secret+1", clientID: "client id")
    }

    @Test func twentyConcurrentRequestsShareOneRefresh() async throws {
        try await withScriptedOrg(configure: Self.withRefreshToken, Self.script(refuse: false)) { client, server in
            let completions = EventLog<RestRequestID>()
            let successes = EventLog<RestRequestID>()
            let requests = (0..<20).map {
                client.requestForRetrieve(withObjectType: "Contact", objectId: "003\($0)", fieldList: nil)
            }
            let handles = requests.map { request in
                client.send(request) { result in
                    completions.append(request.id)
                    if case .success(let response) = result, response.status == 200 { successes.append(request.id) }
                }
            }
            for handle in handles { await handle.waitUntilCompleted() }
            let tokenCalls = server.requests.filter { $0.path == "/services/oauth2/token" }
            #expect(tokenCalls.count == 1)
            #expect(
                tokenCalls.first?.bodyText
                    == "grant_type=refresh_token&refresh_token=refresh%2Fsecret%2B1&client_id=client%20id")
            #expect(tokenCalls.first?.headers[.contentType] == "application/x-www-form-urlencoded")
            #expect(Set(completions.all) == Set(requests.map(\.id)))
            #expect(completions.count == 20)
            #expect(successes.count == 20)
            #expect(client.refreshCount == 1)
            #expect(client.configuration.accessToken == "token-2")
            // Each request went out at most twice: once with the old token, once replayed.
            let replays = server.requests.filter { $0.headers[.authorization] == "Bearer token-2" }
            #expect(replays.count == 20)
        }
    }

    @Test func refusedRefreshFailsEachWaitingRequestOnce() async throws {
        try await withScriptedOrg(configure: Self.withRefreshToken, Self.script(refuse: true)) { client, server in
            let failures = EventLog<String>()
            let handles = (0..<8).map { _ in
                client.send(client.requestForVersions()) { result in
                    switch result {
                    case .failure(.authenticationFailed(let detail)): failures.append(detail)
                    default: failures.append("unexpected \(result)")
                    }
                }
            }
            for handle in handles { await handle.waitUntilCompleted() }
            #expect(failures.count == 8)
            #expect(failures.all.allSatisfy { $0.contains("expired access/refresh token") })
            #expect(server.requests.filter { $0.path == "/services/oauth2/token" }.count == 1)
            let message = RestClientError.authenticationFailed(failures.all.first ?? "").description
            #expect(!message.contains("token-1"))
            #expect(!message.contains("secret"))
        }
    }

    @Test func aRefusalIsRememberedForTheStaleToken() async throws {
        try await withScriptedOrg(configure: Self.withRefreshToken, Self.script(refuse: true)) { client, server in
            for _ in 0..<3 {
                let error = await #expect(throws: RestClientError.self) {
                    try await client.send(client.requestForVersions())
                }
                guard case .authenticationFailed = error else {
                    Issue.record("expected authenticationFailed, got \(String(describing: error))")
                    return
                }
            }
            #expect(server.requests.filter { $0.path == "/services/oauth2/token" }.count == 1)
            #expect(server.requests.count == 4)
        }
    }

    @Test func noRefreshTokenFailsWithAuthenticationError() async throws {
        try await withScriptedOrg(Self.script(refuse: false)) { client, server in
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForVersions())
            }
            guard case .authenticationFailed = error else {
                Issue.record("expected authenticationFailed, got \(String(describing: error))")
                return
            }
            #expect(server.requests.count == 1)
        }
    }

    @Test func aReplayThatFailsAgainIsNotRetriedForever() async throws {
        try await withScriptedOrg(
            configure: Self.withRefreshToken,
            { request in
                if request.path == "/services/oauth2/token" { return .json(#"{"access_token":"token-3"}"#) }
                return .json(Self.expired, status: 401)
            }
        ) { client, server in
            let error = await #expect(throws: RestClientError.self) {
                try await client.send(client.requestForVersions())
            }
            #expect(error?.httpStatus == 401)
            #expect(server.requests.count == 3)
        }
    }
}
