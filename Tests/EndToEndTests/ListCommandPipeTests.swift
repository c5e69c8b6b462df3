import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `contact-tui list` in a shell: output that cannot be written fails loudly, a reader that stops
/// early stops the fetching quietly, and `COUNT()` prints the count.
@Suite("contact-tui list in pipelines")
struct ListCommandPipeTests {
    /// Runs `list ARGUMENTS` inside `bash -c SCRIPT`, where the script runs the command as `"$@"`.
    static func shell(_ script: String, list arguments: [String]) async throws -> ProcessRunner.Outcome {
        try await ProcessRunner.run(
            "/bin/bash", ["-c", "set -o pipefail; " + script, "bash", try Binary.path, "list"] + arguments,
            environment: ListCommandTests.environment())
    }

    /// Standard output full (`> /dev/full`) or closed (`>&-`), and the reason each is told with.
    static let unwritableOutputs = [
        (#""$@" > /dev/full"#, "No space left on device"), (#""$@" >&-"#, "Bad file descriptor"),
    ]

    @Test("> /dev/full or >&- (standard output closed): exit 1 with one sentence", arguments: unwritableOutputs)
    func unwritableOutput(script: String, reason: String) async throws {
        try await ListCommandTests.withOrg(contacts: 50) { endpoint in
            let outcome = try await Self.shell(script, list: ListCommandTests.orgArguments(endpoint))
            #expect(outcome.status == 1)
            #expect(outcome.error == "contact-tui: could not write to standard output: \(reason).\n")
        }
    }

    /// 50,000 contacts are 25 pages of 2,000; the first page (well over a pipe's 64 KiB) meets the
    /// closed pipe while it is written, and at most the one page fetched ahead is in flight then.
    @Test("| head -1: stops quietly with status 0, and fetches no further page")
    func brokenPipe() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 50_000)) { org in
            let outcome = try await Self.shell(
                #""$@" | head -1"#, list: ListCommandTests.orgArguments(org.endpoint))
            #expect(outcome.status == 0)
            #expect(outcome.output == "Id\tName\tTitle\tEmail\tPhone\tAccount.Name\n")
            #expect(outcome.error.isEmpty)
            _ = try await org.client.send(org.client.request(forResources: nil))
            let used = try #require(org.client.apiUsage?.used)
            let listRequests = used - 1
            #expect(listRequests >= 1)
            #expect(listRequests <= 2, "the first page, and the one fetched ahead of it; not 25 pages")
        }
    }

    @Test("SELECT COUNT() prints the count, in TSV and in JSON")
    func count() async throws {
        try await ListCommandTests.withOrg(contacts: 321) { endpoint in
            let query = ["--query", "SELECT COUNT() FROM Contact"] + ListCommandTests.orgArguments(endpoint)
            let tsv = try await ListCommandTests.run(["list"] + query).checked()
            #expect(tsv.output == "totalSize\n321\n")
            let json = try await ListCommandTests.run(["list", "--format", "json"] + query).checked()
            #expect(json.output == #"{"totalSize":321}"# + "\n")
        }
    }

    @Test("aggregate columns print under their names")
    func aggregates() async throws {
        try await ListCommandTests.withOrg(contacts: 200) { endpoint in
            let outcome = try await ListCommandTests.run(
                [
                    "list", "--query",
                    "SELECT Account.Name, COUNT(Id) total, MAX(LastName) FROM Contact GROUP BY Account.Name",
                ] + ListCommandTests.orgArguments(endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.first == "Account.Name\ttotal\texpr0")
            let totals = lines.dropFirst().compactMap { $0.split(separator: "\t", omittingEmptySubsequences: false)[1] }
            #expect(totals.compactMap { Int($0) }.reduce(0, +) == 200)
            #expect(
                lines.dropFirst().allSatisfy { !$0.split(separator: "\t", omittingEmptySubsequences: false)[2].isEmpty }
            )
        }
    }
}
