import Foundation
import MockOrg
import TestSupport
import Testing

/// `contact-tui list` run as a process against a MockOrg on a loopback port.
@Suite("contact-tui list")
struct ListCommandTests {
    /// A clean environment: no SF_* variables from the machine, PATH as given.
    static func environment(path: String = "/usr/bin:/bin") -> [String: String] {
        ["PATH": path, "HOME": NSTemporaryDirectory()]
    }

    static func withOrg<T>(contacts: Int, _ body: (MockOrgEndpoint) async throws -> T) async throws -> T {
        try await withOrg(MockOrgConfiguration(contacts: contacts), body)
    }

    static func withOrg<T>(
        _ configuration: MockOrgConfiguration, _ body: (MockOrgEndpoint) async throws -> T
    ) async throws -> T {
        let server = MockOrgServer(configuration: configuration)
        let endpoint = try await server.start()
        return try await withCleanup {
            try await body(endpoint)
        } cleanup: {
            TokenFile.remove(holding: endpoint.accessToken)
            await server.stop()
        }
    }

    /// Runs the binary with a clean environment whose PATH is `path`, plus `extra` variables.
    static func run(
        _ arguments: [String], path: String = "/usr/bin:/bin", extra: [String: String] = [:]
    ) async throws -> ProcessRunner.Outcome {
        try await ProcessRunner.run(
            try Binary.path, arguments, environment: environment(path: path).merging(extra) { $1 })
    }

    static func orgArguments(_ endpoint: MockOrgEndpoint) -> [String] {
        [
            "--instance-url", endpoint.url.absoluteString, "--access-token-file",
            TokenFile.path(holding: endpoint.accessToken),
        ]
    }

    @Test("TSV: a header row from the SELECT list, then every record across pages")
    func tsvFollowsEveryPage() async throws {
        try await Self.withOrg(contacts: 450) { endpoint in
            let outcome = try await Self.run(
                ["list", "--batch-size", "200", "--query", "SELECT Id, Name, Account.Name FROM Contact ORDER BY Name"]
                    + Self.orgArguments(endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.first == "Id\tName\tAccount.Name")
            let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(rows.count == 450)
            #expect(rows.allSatisfy { $0.count == 3 })
            let ids = rows.map { String($0[0]) }
            #expect(Set(ids).count == 450)
            #expect(ids.allSatisfy { $0.count == 18 && $0.hasPrefix("003") })
            #expect(outcome.error.isEmpty)
        }
    }

    @Test("JSON: one object per line, without attributes")
    func jsonLines() async throws {
        try await Self.withOrg(contacts: 250) { endpoint in
            let outcome = try await Self.run(
                ["list", "--format", "json", "--batch-size", "200"] + Self.orgArguments(endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.count == 250)
            for line in lines {
                let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
                #expect(object?["Id"] is String)
                #expect(object?["attributes"] == nil)
            }
        }
    }

    @Test("no credentials: exit 2 with a message that mentions --demo")
    func noCredentials() async throws {
        let outcome = try await Self.run(["list"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("--demo"))
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    @Test(
        "a usage error is exit 2 and one sentence, before the pointer to --help",
        arguments: [
            (["--api-version", "66.x"], #"--api-version must be an API version such as v66.0, not "66.x"."#),
            (
                ["--target-org", "myorg", "--refresh-token-file", "-"],
                "--refresh-token-file cannot go with --target-org"
            ),
        ])
    func usageError(arguments: [String], sentence: String) async throws {
        let outcome = try await Self.run(["list"] + arguments)
        #expect(outcome.status == 2)
        #expect(outcome.error.split(separator: "\n").first?.contains(sentence) == true, "\(outcome.error)")
        #expect(outcome.error.split(separator: "\n").count <= 2)
    }

    @Test("an unreachable org: exit 1 with one sentence naming the host")
    func unreachable() async throws {
        // A reserved port rather than a stopped server's: parallel tests may be given that again.
        let reserved = try ReservedPort()
        let endpoint = MockOrgEndpoint(url: reserved.url, accessToken: "unused-token", refreshToken: "unused-refresh")
        let outcome = try await Self.run(["list", "--timeout", "2"] + Self.orgArguments(endpoint))
        withExtendedLifetime(reserved) {}
        #expect(outcome.status == 1)
        #expect(outcome.error.contains("127.0.0.1"))
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    @Test("--access-token works but warns in one sentence; --access-token-file and SF_ACCESS_TOKEN print nothing")
    func secretInTheCommandLineWarns() async throws {
        try await Self.withOrg(contacts: 3) { endpoint in
            let query = ["list", "--query", "SELECT Id FROM Contact", "--instance-url", endpoint.url.absoluteString]
            let visible = try await Self.run(query + ["--access-token", endpoint.accessToken]).checked()
            #expect(
                visible.error
                    == "contact-tui: warning: --access-token is visible to other users in the process list; "
                    + "use --access-token-file or SF_ACCESS_TOKEN.\n")
            #expect(visible.output.split(separator: "\n").count == 4)

            let fromFile = try await Self.run(
                query + ["--access-token-file", TokenFile.path(holding: endpoint.accessToken)]
            )
            .checked()
            let fromEnvironment = try await Self.run(query, extra: ["SF_ACCESS_TOKEN": endpoint.accessToken]).checked()
            for quiet in [fromFile, fromEnvironment] {
                #expect(quiet.error.isEmpty)
                #expect(quiet.output == visible.output)
            }
        }
    }

    @Test("a refused token: exit 1, and the token is not printed")
    func refusedToken() async throws {
        try await Self.withOrg(contacts: 1) { endpoint in
            let outcome = try await Self.run([
                "list", "--instance-url", endpoint.url.absoluteString, "--access-token", "bogus-token-42",
            ])
            #expect(outcome.status == 1)
            #expect(!outcome.error.isEmpty)
            #expect(!outcome.error.contains("bogus-token-42"))
        }
    }
}
