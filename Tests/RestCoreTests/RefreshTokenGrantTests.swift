import Foundation
import Synchronization
import Testing

@testable import RestCore

/// The OAuth refresh-token grant: what it sends, where, and the rotated refresh token it keeps.
@Suite struct RefreshTokenGrantTests {
    /// A token endpoint that rotates: each refresh token works once and the answer names the next.
    static func rotatingEndpoint() -> InMemoryTransport {
        let issued = Mutex(1)
        return InMemoryTransport { request throws(RestClientError) in
            let form = String(decoding: request.body ?? [], as: UTF8.self)
            return issued.withLock { count in
                guard form.contains("refresh_token=r\(count)&") else {
                    let body = #"{"error":"invalid_grant","error_description":"expired access/refresh token"}"#
                    return RestResponse(status: 400, headers: [:], body: Array(body.utf8))
                }
                count += 1
                let body = #"{"access_token":"a\#(count)","refresh_token":"r\#(count)","instance_url":"https://x"}"#
                return RestResponse(status: 200, headers: [:], body: Array(body.utf8))
            }
        }
    }

    @Test func sendsTheSecretAtTheLoginHostAndKeepsTheRotatedRefreshToken() async throws {
        let transport = Self.rotatingEndpoint()
        let grant = RefreshTokenGrant(
            refreshToken: "r1", clientID: "cid", clientSecret: "s+1",
            tokenHost: URL(string: "https://login.salesforce.com")!)
        #expect(try await grant.renewToken(replacing: "a0", transport: transport, timeout: .seconds(5)) == "a2")
        #expect(grant.refreshToken == "r2")
        #expect(try await grant.renewToken(replacing: "a2", transport: transport, timeout: .seconds(5)) == "a3")
        #expect(grant.refreshToken == "r3")
        let first = try #require(transport.requests.first)
        #expect(first.url == "https://login.salesforce.com/services/oauth2/token")
        #expect(first.host == "login.salesforce.com")
        #expect(
            String(decoding: first.body ?? [], as: UTF8.self)
                == "grant_type=refresh_token&refresh_token=r1&client_id=cid&client_secret=s%2B1")
    }

    @Test func aRefusalIsARefusalThatSaysToSignInAgain() async {
        let grant = RefreshTokenGrant(refreshToken: "old", clientID: nil, tokenHost: URL(string: "https://x.invalid")!)
        let error = await #expect(throws: TokenRenewalError.self) {
            try await grant.renewToken(replacing: "a", transport: Self.rotatingEndpoint(), timeout: .seconds(5))
        }
        #expect(error?.isRefusal == true)
        #expect(error?.message.contains("expired access/refresh token") == true)
        #expect(error?.message.contains("sign in again") == true)
        #expect(error?.message.contains("old") == false)
    }

    @Test func aRefusedClientSecretSaysWhichSettingToCheck() async {
        let transport = InMemoryTransport(
            status: 400, body: #"{"error":"invalid_client","error_description":"invalid client credentials"}"#)
        let grant = RefreshTokenGrant(
            refreshToken: "r", clientID: "c", clientSecret: "wrong", tokenHost: URL(string: "https://x.invalid")!)
        let error = await #expect(throws: TokenRenewalError.self) {
            try await grant.renewToken(replacing: "a", transport: transport, timeout: .seconds(5))
        }
        #expect(error?.isRefusal == true)
        #expect(error?.message.contains("client secret") == true)
        #expect(error?.message.contains("wrong") == false)
    }

    @Test func aLostAnswerIsNotARefusal() async {
        let transport = InMemoryTransport { request throws(RestClientError) in
            throw .transportFailed(host: request.host, reason: "connection reset")
        }
        let grant = RefreshTokenGrant(refreshToken: "r", clientID: nil, tokenHost: URL(string: "https://x.invalid")!)
        let error = await #expect(throws: TokenRenewalError.self) {
            try await grant.renewToken(replacing: "a", transport: transport, timeout: .seconds(5))
        }
        #expect(error?.isRefusal == false)
        #expect(grant.refreshToken == "r")
    }

    @Test func theClientRefreshesAtTheLoginURLWithTheConfiguredSecret() async throws {
        let transport = InMemoryTransport.expiredSession()
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(
                refreshToken: "r1", clientID: "cid", clientSecret: "s1",
                loginURL: URL(string: "https://test.salesforce.com"))
        }
        _ = try await client.send(client.requestForVersions())
        let token = try #require(transport.requests.first { $0.url.hasSuffix("/services/oauth2/token") })
        #expect(token.url == "https://test.salesforce.com/services/oauth2/token")
        #expect(String(decoding: token.body ?? [], as: UTF8.self).hasSuffix("&client_secret=s1"))
    }
}

/// A refresh token the org rotated to is a secret like the first one: redacted from every message.
@Suite struct RotatedRefreshTokenRedactionTests {
    static let rotated = "rotated-refresh-value"

    /// An org that rotates the refresh token on the first renewal, then refuses the rotated one
    /// echoing it back, and answers a data request's error with it too.
    static func echoingOrg() -> InMemoryTransport {
        let dataRequests = Mutex(0)
        return InMemoryTransport { request throws(RestClientError) in
            if request.url.hasSuffix("/services/oauth2/token") {
                let form = String(decoding: request.body ?? [], as: UTF8.self)
                if form.contains("refresh_token=first-refresh-value&")
                    || form.hasSuffix("refresh_token=first-refresh-value")
                {
                    let body = #"{"access_token":"access-two","refresh_token":"\#(rotated)"}"#
                    return RestResponse(status: 200, headers: [:], body: Array(body.utf8))
                }
                let body = #"{"error":"invalid_grant","error_description":"expired: \#(rotated)"}"#
                return RestResponse(status: 400, headers: [:], body: Array(body.utf8))
            }
            let count = dataRequests.withLock { count in
                count += 1
                return count
            }
            switch count {
            case 2:
                return RestResponse(status: 200, headers: [:], body: Array("{}".utf8))
            case 3:
                let body = #"[{"message":"bad refresh \#(rotated)","errorCode":"INVALID_FIELD"}]"#
                return RestResponse(status: 400, headers: [:], body: Array(body.utf8))
            default:
                return RestResponse(status: 401, headers: [:], body: Array(InMemoryTransport.expiredSessionBody.utf8))
            }
        }
    }

    @Test func theRotatedRefreshTokenIsRedactedFromRenewalAndRequestErrors() async throws {
        let client = makeClient(Self.echoingOrg()) {
            $0.refresh = RefreshSettings(refreshToken: "first-refresh-value")
        }
        _ = try await client.send(client.requestForVersions())
        let requestError = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        #expect(String(describing: requestError).contains("bad refresh [redacted]"))
        let renewalError = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        let text = String(describing: renewalError)
        #expect(text.contains("expired: [redacted]"))
        #expect(!text.contains(Self.rotated))
    }

    @Test func theGrantNamesItsCurrentSecrets() async throws {
        let grant = RefreshTokenGrant(
            refreshToken: "first-refresh-value", clientID: "cid", clientSecret: "app-secret-value",
            tokenHost: URL(string: "https://login.invalid")!)
        _ = try await grant.renewToken(replacing: "a", transport: Self.echoingOrg(), timeout: .seconds(5))
        #expect(grant.secrets == [Self.rotated, "app-secret-value"])
    }
}

/// Only the OAuth errors that refuse the grant (`invalid_grant`, `invalid_client`,
/// `unauthorized_client`, with 400 or 401) end renewal; anything else is transient.
@Suite struct TransientRefreshTests {
    static let html = "<html><body>Service Unavailable</body></html>"

    @Test(arguments: [
        (503, html), (500, #"{"error":"server_error"}"#), (502, ""), (429, #"{"error":"rate_limited"}"#),
        (400, html), (200, html), (403, #"{"error":"invalid_grant"}"#),
    ])
    func anAnswerThatDoesNotRefuseTheGrantIsTransient(status: Int, body: String) async {
        let grant = RefreshTokenGrant(refreshToken: "r", clientID: nil, tokenHost: URL(string: "https://x.invalid")!)
        let error = await #expect(throws: TokenRenewalError.self) {
            try await grant.renewToken(
                replacing: "a", transport: InMemoryTransport(status: status, body: body), timeout: .seconds(5))
        }
        #expect(error?.isRefusal == false)
        #expect(error?.message.contains("try again") == true)
    }

    @Test(arguments: [
        (400, "invalid_grant"), (401, "invalid_grant"), (400, "invalid_client"), (401, "unauthorized_client"),
    ])
    func theGrantsOwnRefusalsAreRefusals(status: Int, code: String) async {
        let grant = RefreshTokenGrant(refreshToken: "r", clientID: nil, tokenHost: URL(string: "https://x.invalid")!)
        let error = await #expect(throws: TokenRenewalError.self) {
            try await grant.renewToken(
                replacing: "a", transport: InMemoryTransport(status: status, body: #"{"error":"\#(code)"}"#),
                timeout: .seconds(5))
        }
        #expect(error?.isRefusal == true)
    }

    /// An org whose token endpoint answers `failures` 503s (an HTML page), then a token; a request
    /// bearing that token gets `{}`, any other a 401.
    static func flakyTokenEndpoint(failures: Int) -> InMemoryTransport {
        let asked = Mutex(0)
        return InMemoryTransport { request throws(RestClientError) in
            if request.url.hasSuffix("/services/oauth2/token") {
                let count = asked.withLock { count in
                    count += 1
                    return count
                }
                guard count > failures else {
                    return RestResponse(status: 503, headers: [.contentType: "text/html"], body: Array(html.utf8))
                }
                return RestResponse(status: 200, headers: [:], body: Array(#"{"access_token":"token-2"}"#.utf8))
            }
            if request.headers[.authorization] == "Bearer token-2" {
                return RestResponse(status: 200, headers: [:], body: Array("{}".utf8))
            }
            return RestResponse(status: 401, headers: [:], body: Array(InMemoryTransport.expiredSessionBody.utf8))
        }
    }

    static let quickRetries = RetryPolicy(maximumRetries: 4, baseDelay: .milliseconds(1), random: { 0.5 })

    @Test func a503FromTheTokenEndpointIsRetriedWithTheReadBackOff() async throws {
        let transport = Self.flakyTokenEndpoint(failures: 2)
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(refreshToken: "r1")
            $0.retryPolicy = Self.quickRetries
        }
        let response = try await client.send(client.requestForVersions())
        #expect(response.status == 200)
        #expect(transport.requests.filter { $0.url.hasSuffix("/services/oauth2/token") }.count == 3)
        #expect(client.refreshCount == 1)
    }

    @Test func aSessionWhoseRefreshKeptFailingRenewsAtTheNext401() async throws {
        // More 503s than one renewal retries: the first request fails, not as a refusal.
        let transport = Self.flakyTokenEndpoint(failures: 5)
        let client = makeClient(transport) {
            $0.refresh = RefreshSettings(refreshToken: "r1")
            $0.retryPolicy = Self.quickRetries
        }
        let error = await #expect(throws: RestClientError.self) {
            try await client.send(client.requestForVersions())
        }
        #expect(String(describing: error).contains("HTTP 503"))
        let response = try await client.send(client.requestForVersions())
        #expect(response.status == 200)
        #expect(client.refreshCount == 2)
    }
}
