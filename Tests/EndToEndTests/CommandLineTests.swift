import Foundation
import TestSupport
import Testing

/// The command line contract: exit codes and one-sentence errors.
@Suite("Command line")
struct CommandLineTests {
    @Test("the list needs an interactive terminal")
    func needsTerminal() async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["--demo"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("needs an interactive terminal"))
        #expect(outcome.error.split(separator: "\n").count == 1)
    }

    @Test("--offline with --list-view is a usage error, said before anything else is checked")
    func offlineListView() async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["--offline", "--list-view", "All Contacts"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("--list-view reads the org's views"), "\(outcome.error)")
    }

    @Test("with no credentials it exits 2 and mentions --demo")
    func noCredentials() async throws {
        let session = try await TmuxSession(
            [try Binary.path], width: 100, height: 30,
            environment: ["SF_INSTANCE_URL": "", "SF_ACCESS_TOKEN": ""])
        #expect(try await session.waitForExit() == 2)
        let screen = try await session.capture()
        #expect(screen.contains("--demo"))
    }

    @Test("--help describes the list and its options")
    func help() async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["--help"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("--demo"))
        #expect(outcome.output.contains("--instance-url"))
    }

    @Test("a usage error exits 2")
    func usageError() async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["--batch-size", "5", "--demo"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("--batch-size"))
    }

    /// An org that is never reached: the check comes first.
    static let orgVariables = ["SF_INSTANCE_URL": "http://127.0.0.1:9", "SF_ACCESS_TOKEN": "not-a-token"]

    @Test(
        "every numeric option is finite and in its range: exit 2 and one sentence, never a crash",
        arguments: [
            (["list", "--timeout", "inf"], "--timeout must be more than 0 and at most 86400 seconds."),
            (["list", "--timeout", "1e20"], "--timeout must be more than 0 and at most 86400 seconds."),
            (["list", "--timeout", "nan"], "--timeout must be more than 0 and at most 86400 seconds."),
            (["--demo", "--timeout", "inf"], "--timeout must be more than 0 and at most 86400 seconds."),
            (["--demo", "--latency", "99999999999"], "--latency must be between 0 and 600000 milliseconds."),
            (["--demo", "--fail-rate", "nan"], "--fail-rate must be between 0 and 1."),
            (["list", "--batch-size", "1e3"], "The value '1e3' is invalid for '--batch-size <batch-size>'"),
            (
                ["mock-org", "--port", "0", "--token-ttl", "inf"],
                "--token-ttl must be more than 0 and at most 31536000 seconds."
            ),
            (
                ["mock-org", "--port", "0", "--cursor-ttl", "1e300"],
                "--cursor-ttl must be more than 0 and at most 31536000 seconds."
            ),
            (["mock-org", "--port", "0", "--unavailable-rate", "inf"], "--unavailable-rate must be between 0 and 1."),
            (
                ["mock-org", "--port", "0", "--api-limit", "2000000000"],
                "--api-limit must be between 0 and 1000000000."
            ),
        ])
    func numericOptionsAreRangeChecked(arguments: [String], sentence: String) async throws {
        let outcome = try await ProcessRunner.run(
            try Binary.path, arguments, environment: ListCommandTests.environment().merging(Self.orgVariables) { $1 })
        #expect(outcome.status == 2)
        let lines = outcome.error.split(separator: "\n")
        #expect(lines.first?.hasPrefix("contact-tui: \(sentence)") == true, "\(outcome.error)")
        #expect(lines.count <= 2)
    }

    @Test(
        "--demo --contacts is range-checked as mock-org --contacts is",
        arguments: ["--contacts=-1", "--contacts=1000001"])
    func demoContactsRange(contacts: String) async throws {
        let demo = try await ProcessRunner.run(try Binary.path, ["--demo", contacts])
        let mockOrg = try await ProcessRunner.run(try Binary.path, ["mock-org", "--port", "0", contacts])
        #expect(demo.status == 2)
        #expect(mockOrg.status == 2)
        #expect(demo.error.hasPrefix("contact-tui: --contacts must be between 0 and 1000000.\n"))
        #expect(demo.error == mockOrg.error)
    }

    @Test("--demo --contacts takes the upper bound itself")
    func demoContactsUpperBound() async throws {
        // Past validation, the next check is the terminal's.
        let outcome = try await ProcessRunner.run(try Binary.path, ["--demo", "--contacts", "1000000"])
        #expect(outcome.status == 2)
        #expect(outcome.error.contains("needs an interactive terminal"))
    }
}
