import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
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
            #expect(body["instance_url"] as? String == "http://127.0.0.1:1")
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
            let parts = [("grant_type", "password"), ("username", "demo@example.com"), ("password", "demo")]
            let body =
                parts.map { "--\(boundary)\r\nContent-Disposition: form-data; name=\"\($0.0)\"\r\n\r\n\($0.1)\r\n" }
                .joined() + "--\(boundary)--\r\n"
            let password = try await postToken(
                client, body, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"])
            #expect(password.status == 200)
            #expect(try await query(client, token: password.object?["access_token"] as? String ?? "") == 200)

            let credentials = try await postToken(client, "grant_type=client_credentials&client_id=a&client_secret=b")
            #expect(credentials.status == 200)
            #expect(try await query(client, token: credentials.object?["access_token"] as? String ?? "") == 200)
        }
    }

    @Test func badGrantsAreRefusedInOAuthShape() async throws {
        let org = TestOrg(MockOrgConfiguration(contacts: 3))
        try await org.test { client in
            let cases: [(String, String)] = [
                ("grant_type=refresh_token&refresh_token=nope", "invalid_grant"),
                ("grant_type=password&username=demo@example.com&password=wrong", "invalid_grant"),
                ("grant_type=client_credentials", "invalid_client"),
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
        let org = TestOrg(MockOrgConfiguration(contacts: 3, tokenTTL: .seconds(2)))
        try await org.test { client in
            #expect(try await query(client, token: org.instance.accessToken) == 200)
            let deadline = ContinuousClock.now + .seconds(20)
            var status = 200
            while status == 200 && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
                status = try await query(client, token: org.instance.accessToken)
            }
            #expect(status == 401)
            let refreshed = try await postToken(
                client, "grant_type=refresh_token&refresh_token=" + encodedQuery(org.instance.refreshToken))
            #expect(try await query(client, token: refreshed.object?["access_token"] as? String ?? "") == 200)
        }
    }
}

@Suite struct TokenStoreTests {
    @Test func constantTimeComparisonAgreesWithEquality() {
        let samples: [[UInt8]] = [[], [1], [1, 2, 3], [1, 2, 4], [1, 2, 3, 0], Array("token".utf8)]
        for a in samples {
            for b in samples {
                #expect(TokenStore.constantTimeEqual(a, b) == (a == b))
            }
        }
    }
}
