import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// The real binary against an org whose connected app rotates refresh tokens and requires its
/// secret, and against an org that does not serve the API version asked for.
@Suite("Session renewal and API version, end to end")
struct RenewalEndToEndTests {
    /// An org whose connected app rotates refresh tokens and requires its secret; access tokens
    /// live `tokenTTL`, and each request is answered after `latency`.
    static func strictOrg(contacts: Int, tokenTTL: Duration? = nil, latency: Duration = .zero) -> MockOrgConfiguration {
        var configuration = MockOrgConfiguration(contacts: contacts, tokenTTL: tokenTTL, latency: latency)
        configuration.rotatesRefreshTokens = true
        configuration.clientSecret = "app-s3cret"
        return configuration
    }

    /// An org whose newest API version is 60.0.
    static func orgUpToV60(contacts: Int) -> MockOrgConfiguration {
        var configuration = MockOrgConfiguration(contacts: contacts)
        configuration.maxAPIVersion = 60
        return configuration
    }

    static func refreshArguments(_ org: LiveOrg, accessToken: String? = nil) -> [String] {
        [
            "--instance-url", org.endpoint.url.absoluteString, "--access-token-file",
            TokenFile.path(holding: accessToken ?? org.endpoint.accessToken),
            "--refresh-token-file", TokenFile.path(holding: org.endpoint.refreshToken), "--client-id", "contact-tui",
        ]
    }

    static let query = ["--query", "SELECT Id, Name FROM Contact ORDER BY Name", "--batch-size", "200"]

    @Test("list outlives several access tokens: the rotated refresh token and the secret renew each")
    func refreshGrantWithRotationAndSecret() async throws {
        // A token lives five answers: a renewed one outlives its replay (one answer) by 4 s on a
        // busy machine, and the fifteen pages still outlast three lifetimes.
        let tokenTTL = Duration.seconds(5)
        try await LiveOrg.with(Self.strictOrg(contacts: 3_000, tokenTTL: tokenTTL, latency: .seconds(1))) {
            org in
            let outcome = try await ListCommandTests.run(
                ["list"] + Self.query + Self.refreshArguments(org)
                    + [
                        "--client-secret-file", TokenFile.path(holding: "app-s3cret"), "--login-url",
                        org.endpoint.url.absoluteString,
                    ]
            ).checked()
            let rows = outcome.output.split(separator: "\n").dropFirst()
            #expect(rows.count == 3_000)
            #expect(Set(rows.map { $0.prefix(18) }).count == 3_000)
            #expect(outcome.error.isEmpty)
            // Fifteen pages, one after the other (each names the next), of at least 1 s each, go
            // past three token lifetimes: later refreshes could only work with the refresh token
            // the first one rotated to, since the org now refuses the one the run started with.
            let transport = AsyncHTTPClientTransport()
            let original = RefreshTokenGrant(
                refreshToken: org.endpoint.refreshToken, clientID: "contact-tui", clientSecret: "app-s3cret",
                tokenHost: org.endpoint.url)
            await #expect(throws: TokenRenewalError.self) {
                try await original.renewToken(replacing: "stale", transport: transport, timeout: .seconds(10))
            }
            await transport.shutdown()
        }
    }

    @Test("the secret comes from SF_CLIENT_SECRET too; a wrong or missing one fails with one sentence")
    func clientSecretFromTheEnvironmentAndRefused() async throws {
        try await LiveOrg.with(Self.strictOrg(contacts: 600)) { org in
            // A token the org never issued: the first request renews at once.
            let stale = "00D5g000000MOCK!stale"
            var environment = ListCommandTests.environment()
            environment["SF_CLIENT_SECRET"] = "app-s3cret"
            let good = try await ProcessRunner.run(
                try Binary.path, ["list"] + Self.query + Self.refreshArguments(org, accessToken: stale),
                environment: environment
            ).checked()
            #expect(good.output.split(separator: "\n").count == 601)

            defer { TokenFile.remove(holding: "wrong-secret") }
            for secret in [["--client-secret-file", TokenFile.path(holding: "wrong-secret")], []] {
                let outcome = try await ListCommandTests.run(
                    ["list"] + Self.query + Self.refreshArguments(org, accessToken: stale) + secret)
                #expect(outcome.status == 1)
                let lines = outcome.error.split(separator: "\n")
                #expect(lines.count == 1)
                #expect(outcome.error.contains("invalid client credentials"))
                #expect(outcome.error.contains("client secret"))
                #expect(!outcome.error.contains("wrong-secret"))
                #expect(!outcome.error.contains(org.endpoint.refreshToken))
            }
        }
    }

    @Test("a login URL must be https unless it is loopback")
    func cleartextLoginURLIsRefused() async throws {
        let outcome = try await ListCommandTests.run(
            [
                "list", "--instance-url", "https://org.invalid", "--access-token-file", TokenFile.path(holding: "t"),
                "--refresh-token-file", TokenFile.path(holding: "r"),
                "--login-url", "http://login.invalid",
            ])
        #expect(outcome.status == 2)  // a usage error: the URL as given is wrong
        #expect(outcome.error.contains("must be an https URL"))
    }

    @Test("list --api-version v99.0 against an org up to v60.0 falls back, lists all and says so")
    func versionFallbackInList() async throws {
        try await LiveOrg.with(Self.orgUpToV60(contacts: 450)) { org in
            let outcome = try await ListCommandTests.run(
                ["list", "--api-version", "v99.0"] + Self.query + ListCommandTests.orgArguments(org.endpoint)
            ).checked()
            #expect(outcome.output.split(separator: "\n").count == 451)
            #expect(outcome.error.contains("does not serve API v99.0; used v60.0"))
        }
    }

    @Test("the list's header shows the version the org serves after the fallback")
    func versionFallbackInTheHeader() async throws {
        try await LiveOrg.with(Self.orgUpToV60(contacts: 30)) { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                try org.appCommand(["--api-version", "v99.0"]), width: 100, height: 30)
            let screen = try await session.waitUntil("the list shows under a v60.0 header") { screen in
                screen.contains(Screen.shownPrefix(contacts[0].name))
                    && screen.components(separatedBy: "\n")[0].contains("· v60.0")
            }
            #expect(!screen.contains("v99.0"))
            // The org's Sforce-Limit-Info, as its last answer gave it, on the header's right.
            #expect(screen.components(separatedBy: "\n")[0].contains(/API [0-9]+\/15,000/))
            try await session.quit()
        }
    }
}
