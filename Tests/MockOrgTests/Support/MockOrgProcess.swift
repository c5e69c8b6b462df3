import Foundation
import Subprocess
import SystemPackage
import TestSupport
import Testing

/// `contact-tui mock-org` as a child process, as the command tests meet it.
enum MockOrgProcess {
    /// A token of one test's own, for `--access-token-file`: no two tests share (or remove) a file.
    static func uniqueToken() -> String {
        "T0K3N-" + UUID().uuidString
    }

    /// Runs `mock-org --port 0` with `arguments`, gives `check` the first `count` lines of its output,
    /// then stops it with `signal`; returns every line it printed and how it ended.
    static func run(
        _ arguments: [String], lines count: Int, stopWith signal: Signal = .terminate,
        _ check: @escaping @Sendable ([String]) async throws -> Void
    ) async throws -> (lines: [String], status: TerminationStatus) {
        let result = try await Subprocess.run(
            .path(FilePath(try Binary.path)), arguments: Arguments(["mock-org", "--port", "0"] + arguments),
            input: .none, output: .sequence, error: .discarded
        ) { execution in
            var lines: [String] = []
            for try await line in execution.standardOutput.strings() {
                lines.append(line.trimmingCharacters(in: .newlines))
                if lines.count == count {
                    defer { try? execution.send(signal: signal) }
                    try await check(lines)
                }
            }
            return lines
        }
        return (result.closureResult, result.terminationStatus)
    }
}
