import Foundation
import MockOrg
import TestSupport
import Testing

/// The real binary signed in through a stand-in `sf` that answers as today's Salesforce CLI:
/// `--target-org`, the default org, and renewal by asking `sf` again.
@Suite("Signing in through the Salesforce CLI, end to end")
struct SalesforceCLIEndToEndTests {
    /// An org that serves up to v60.0, so that only sf's version (60.0) lists without a fallback.
    static func org(contacts: Int) -> MockOrgConfiguration {
        var configuration = MockOrgConfiguration(contacts: contacts)
        configuration.maxAPIVersion = 60
        return configuration
    }

    static func standIn(_ org: LiveOrg, defaultOrg: String? = nil) throws -> StandInSalesforceCLI {
        try StandInSalesforceCLI(
            instanceURL: org.endpoint.url, aliases: ["demo-org"], defaultOrg: defaultOrg,
            token: .minted(clientID: org.endpoint.clientID, clientSecret: org.endpoint.clientSecret), apiVersion: "60.0"
        )
    }

    static let idQuery = ["--query", "SELECT Id, Name FROM Contact ORDER BY Name"]

    @Test("--target-org: the org and its version from sf org display, the token from show-access-token")
    func targetOrg() async throws {
        try await LiveOrg.with(Self.org(contacts: 30)) { org in
            let cli = try Self.standIn(org)
            let outcome = try await ListCommandTests.run(
                ["list", "--target-org", "demo-org"] + Self.idQuery, path: cli.path
            ).checked()
            #expect(outcome.output.split(separator: "\n").count == 31)
            #expect(outcome.error.isEmpty, "no API version fallback: sf's v60.0 was asked for")
            #expect(
                try cli.calls().sorted() == [
                    "org auth show-access-token --json --target-org demo-org",
                    "org display --json --target-org demo-org",
                ])
        }
    }

    @Test("an alias sf does not know: exit 1 and one sentence that says how to sign in")
    func unknownAlias() async throws {
        try await LiveOrg.with(Self.org(contacts: 30)) { org in
            let cli = try Self.standIn(org)
            let outcome = try await ListCommandTests.run(["list", "--target-org", "other"], path: cli.path)
            #expect(outcome.status == 1)
            #expect(outcome.output.isEmpty)
            #expect(outcome.error.split(separator: "\n").count == 1)
            #expect(outcome.error.contains("No authorization information found for other."))
            #expect(outcome.error.contains("sf org login web --alias other"))
        }
    }

    @Test("sf's redacted placeholder is never sent as a token")
    func placeholderIsRefused() async throws {
        try await LiveOrg.with(Self.org(contacts: 30)) { org in
            let cli = try StandInSalesforceCLI(
                instanceURL: org.endpoint.url, aliases: ["demo-org"], token: .fixed(StandInSalesforceCLI.redactedToken))
            let outcome = try await ListCommandTests.run(["list", "--target-org", "demo-org"], path: cli.path)
            #expect(outcome.status == 1)
            #expect(outcome.error.split(separator: "\n").count == 1)
            #expect(outcome.error.contains("gave no usable access token"))
            #expect(!outcome.error.contains("REDACTED"))
        }
    }

    @Test("no option at all: sf's default org; without a default, exit 2 and the --demo hint")
    func defaultOrg() async throws {
        try await LiveOrg.with(Self.org(contacts: 30)) { org in
            let cli = try Self.standIn(org, defaultOrg: "demo-org")
            let outcome = try await ListCommandTests.run(["list"] + Self.idQuery, path: cli.path).checked()
            #expect(outcome.output.split(separator: "\n").count == 31)
            #expect(outcome.error.isEmpty)
            #expect(try cli.calls().first == "config get target-org --json")

            let noDefault = try Self.standIn(org)
            let missing = try await ListCommandTests.run(["list"], path: noDefault.path)
            #expect(missing.status == 2)
            #expect(missing.error.contains("--demo"))
            #expect(try noDefault.calls() == ["config get target-org --json"])
        }
    }

    @Test("the list opens on sf's default org, under sf's API version")
    func defaultOrgInTheTerminal() async throws {
        try await LiveOrg.with(Self.org(contacts: 30)) { org in
            let contacts = try await org.contactNames()
            let cli = try Self.standIn(org, defaultOrg: "demo-org")
            let session = try await TmuxSession(
                [try Binary.path], width: 100, height: 30, environment: ["PATH": cli.path, "HOME": cli.directory.path])
            try await session.waitUntil("the list shows under a v60.0 header") { screen in
                screen.contains(Screen.shownPrefix(contacts[0].name))
                    && screen.components(separatedBy: "\n")[0].contains("· v60.0")
            }
            try await session.quit()
            #expect(try cli.tokenCalls() == 1)
        }
    }

    @Test("list outlives several access tokens: sf gives a new one each time, nothing is lost")
    func renewalThroughSf() async throws {
        // Tokens live 5 s and each request takes at least 500 ms: thirty pages outlive three
        // tokens, and a fresh token still has 4 s for its replay (and the page fetched ahead) on
        // a busy machine.
        var configuration = Self.org(contacts: 6_000)
        configuration.tokenTTL = .seconds(5)
        configuration.latency = .milliseconds(500)
        try await LiveOrg.with(configuration) { org in
            let cli = try Self.standIn(org)
            let outcome = try await ListCommandTests.run(
                ["list", "--target-org", "demo-org", "--batch-size", "200"] + Self.idQuery, path: cli.path
            ).checked()
            let rows = outcome.output.split(separator: "\n").dropFirst()
            #expect(rows.count == 6_000)
            #expect(Set(rows.map { $0.prefix(18) }).count == 6_000)
            #expect(outcome.error.isEmpty)
            // The first token, then one per expiry (at least two).
            #expect(try cli.tokenCalls() >= 3)
        }
    }
}
