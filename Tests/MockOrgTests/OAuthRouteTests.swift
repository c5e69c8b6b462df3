import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import TestSupport
import Testing

@testable import MockOrg

@Suite struct OAuthRouteTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    func postToken(
        _ client: some TestClientProtocol, _ body: String, headers: HTTPFields = form
    ) async throws
        -> JSONReply
    {
        try await client.send(.post, "/services/oauth2/token", headers: headers, body: body)
    }

    func query(_ client: some TestClientProtocol, token: String) async throws -> Int {
        try await client.get(
            "/services/data/v66.0/query?q=SELECT+Id+FROM+Contact", headers: [.authorization: "Bearer " + token]
        ).status
    }

    @Test func refreshGrantIssuesAWorkingTokenInSalesforceShape() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            let reply = try await postToken(
                client,
                "grant_type=refresh_token&client_id=abc&refresh_token=" + encodedQuery(org.instance.refreshToken))
            #expect(reply.status == 200)
            let body = try #require(reply.object)
            #expect(body["token_type"] as? String == "Bearer")
            // The in-process client says `localhost` as its host; the live test below checks other hosts.
            #expect(body["instance_url"] as? String == "http://localhost")
            #expect((body["id"] as? String)?.hasPrefix("https://login.salesforce.com/id/00D") == true)
            #expect(body["signature"] is String)
            let issuedAt = try #require(body["issued_at"] as? String)
            let now = Date().timeIntervalSince1970 * 1000
            #expect(abs((Double(issuedAt) ?? 0) - now) < 60_000)
            let token = try #require(body["access_token"] as? String)
            #expect(token != org.instance.accessToken)
            #expect(try await query(client, token: token) == 200)
        }
    }

    @Test func multipartPasswordAndClientCredentialGrantsWork() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            let boundary = "----mock\(UUID().uuidString)"
            let parts = [
                ("grant_type", "password"), ("client_id", org.instance.clientID),
                ("client_secret", org.instance.clientSecret), ("username", "demo@example.com"), ("password", "demo"),
            ]
            let body =
                parts.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }
                .joined() + "--\(boundary)--\r\n"
            let password = try await postToken(
                client, body, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"])
            #expect(password.status == 200)
            #expect(try await query(client, token: password.object?["access_token"] as? String ?? "") == 200)

            let credentials = try await postToken(client, "grant_type=client_credentials&" + org.clientCredentials)
            #expect(credentials.status == 200)
            #expect(try await query(client, token: credentials.object?["access_token"] as? String ?? "") == 200)
        }
    }

    @Test func badGrantsAreRefusedInOAuthShape() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            let cases: [(String, String)] = [
                ("grant_type=refresh_token&refresh_token=nope", "invalid_grant"),
                (
                    "grant_type=password&username=demo@example.com&password=wrong&" + org.clientCredentials,
                    "invalid_grant"
                ),
                ("grant_type=client_credentials", "invalid_client_id"),
                ("grant_type=magic", "unsupported_grant_type"),
            ]
            for (body, error) in cases {
                let reply = try await postToken(client, body)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.object?["error"] as? String == error, "\(body)")
                #expect(reply.object?["error_description"] is String)
            }
        }
    }

    /// Reaching the port is not enough for a token: the client-credentials grant needs the org's
    /// own client id and secret, the password grant them and the configured user's exact password.
    @Test func grantsNeedTheConfiguredClientAndUser() async throws {
        var configuration = MockOrgConfiguration(contacts: 3)
        configuration.password = "configured-password"
        let org = TestOrg(configuration)
        let id = "client_id=" + encodedQuery(org.instance.clientID)
        let user = "username=demo%40example.com"
        try await org.test { client in
            let refused: [(String, String)] = [
                ("grant_type=client_credentials&client_id=a&client_secret=b", "invalid_client_id"),
                ("grant_type=client_credentials&" + id + "&client_secret=b", "invalid_client"),
                ("grant_type=client_credentials&" + id, "invalid_client"),
                ("grant_type=password&" + user + "&password=configured-password", "invalid_client_id"),
                ("grant_type=password&" + user + "&password=demo&" + org.clientCredentials, "invalid_grant"),
                (
                    "grant_type=password&" + user + "&password=configured-password2&" + org.clientCredentials,
                    "invalid_grant"
                ),
                (
                    "grant_type=password&username=other%40example.com&password=configured-password&"
                        + org.clientCredentials, "invalid_grant"
                ),
            ]
            for (body, error) in refused {
                let reply = try await postToken(client, body)
                #expect(reply.status == 400, "\(body)")
                #expect(reply.object?["error"] as? String == error, "\(body)")
                #expect(reply.object?["access_token"] == nil)
            }
            let granted = try await postToken(
                client, "grant_type=password&" + user + "&password=configured-password&" + org.clientCredentials)
            #expect(granted.status == 200)
            #expect(try await query(client, token: granted.object?["access_token"] as? String ?? "") == 200)
        }
        // Made at start, so no two orgs share them.
        let other = TestOrg(MockOrgConfiguration(contacts: 1)).instance
        #expect(other.clientID != org.instance.clientID && other.clientSecret != org.instance.clientSecret)
        #expect(org.instance.clientSecret.count >= 48)
    }

    @Test func revokedTokensStopWorking() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            #expect(try await query(client, token: org.instance.accessToken) == 200)
            let revoke = try await client.send(
                .post, "/services/oauth2/revoke", headers: Self.form,
                body: "token=" + encodedQuery(org.instance.accessToken))
            #expect(revoke.status == 200)
            #expect(try await query(client, token: org.instance.accessToken) == 401)
            let again = try await client.send(
                .post, "/services/oauth2/revoke", headers: Self.form,
                body: "token=" + encodedQuery(org.instance.accessToken))
            #expect(again.status == 400)
        }
    }

    @Test func tokensExpireAfterTheirTTLAndRefreshRenewsThem() async throws {
        // The org's clock, moved by hand: expiry is tested without waiting, however loaded the machine.
        let now = Mutex(Date(timeIntervalSince1970: 1_795_000_000))
        var configuration = MockOrgConfiguration(contacts: 3, tokenTTL: .seconds(10))
        configuration.clock = { now.withLock { $0 } }
        let org = TestOrg(configuration)
        try await org.test { client in
            let granted = try await postToken(
                client, "grant_type=refresh_token&refresh_token=" + encodedQuery(org.instance.refreshToken))
            let token = try #require(granted.object?["access_token"] as? String)
            #expect(try await query(client, token: token) == 200)
            now.withLock { $0 += 9 }
            #expect(try await query(client, token: token) == 200, "still alive a second before its end")
            now.withLock { $0 += 2 }
            #expect(try await query(client, token: token) == 401)
            #expect(try await query(client, token: org.instance.accessToken) == 401, "the start-up token too")
            let refreshed = try await postToken(
                client, "grant_type=refresh_token&refresh_token=" + encodedQuery(org.instance.refreshToken))
            #expect(try await query(client, token: refreshed.object?["access_token"] as? String ?? "") == 200)
        }
    }
}

@Suite struct TokenStoreTests {
    @Test func constantTimeComparisonAgreesWithEquality() {
        let token = Array("token".utf8)
        let samples: [[UInt8]] = [
            [], [1], [1, 2, 3], [1, 2, 4], [1, 2, 3, 0], token,
            // Lengths that differ by a multiple of 256: a difference kept in 8 bits would call them equal.
            token + [UInt8](repeating: 0, count: 256), token + [UInt8](repeating: 0, count: 512),
            [UInt8](repeating: 0, count: 256),
        ]
        for a in samples {
            for b in samples {
                #expect(TokenStore.constantTimeEqual(a, b) == (a == b), "\(a.count) vs \(b.count) bytes")
            }
        }
    }

    @Test func aTokenPaddedWithNULsIsRefused() {
        let store = TokenStore(ttl: nil)
        let access = store.issueAccessToken(pinned: true)
        let refresh = store.issueRefreshToken()
        let padding = String(repeating: "\u{0}", count: 256)
        #expect(store.isValidAccessToken(access) && store.isValidRefreshToken(refresh))
        #expect(!store.isValidAccessToken(access + padding))
        #expect(!store.isValidRefreshToken(refresh + padding))
        #expect(!store.revoke(access + padding))
    }

    @Test func grantsNeverPushOutTheStartUpToken() {
        let store = TokenStore(ttl: nil)
        let startUp = store.issueAccessToken("start-up-token", pinned: true)
        let first = store.issueAccessToken()
        // One more than fits with the pinned token and `first`: exactly one must go.
        let later = (0..<(TokenStore.maxAccessTokens - 1)).map { _ in store.issueAccessToken() }
        #expect(store.isValidAccessToken(startUp))
        #expect(!store.isValidAccessToken(first), "the oldest granted token is the one forgotten")
        #expect(later.allSatisfy { store.isValidAccessToken($0) })
        #expect(store.revoke(startUp) && !store.isValidAccessToken(startUp))
    }

    @Test func theOrgIDHasItsCaseSafeSuffix() {
        let id = TokenStore(ttl: nil).orgID
        #expect(id.count == 18 && id.hasPrefix("00D"))
        #expect(String(id.suffix(3)) == expectedChecksum(String(id.prefix(15))))
    }
}

/// The token endpoint over a real socket, where the client's Host header arrives.
@Suite struct OAuthLiveTests {
    @Test func instanceURLIsTheHostTheClientUsed() async throws {
        let server = MockOrgServer(configuration: MockOrgConfiguration(contacts: 1))
        let endpoint = try await server.start()
        defer { Task { await server.stop() } }
        let port = try #require(endpoint.url.port)
        func grant(host: String) async throws -> [String: Any] {
            let body = "grant_type=refresh_token&refresh_token=" + encodedQuery(endpoint.refreshToken)
            let request =
                "POST /services/oauth2/token HTTP/1.1\r\nHost: \(host)\r\nConnection: close\r\n"
                + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n" + body
            let reply = try await RawSocket.exchange(port: port, text: request)
            let json = try #require(reply.range(of: "\r\n\r\n").map { reply[$0.upperBound...] })
            return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        }
        #expect(try await grant(host: "localhost:\(port)")["instance_url"] as? String == "http://localhost:\(port)")
        #expect(try await grant(host: "[::1]:\(port)")["instance_url"] as? String == "http://[::1]:\(port)")
    }
}
