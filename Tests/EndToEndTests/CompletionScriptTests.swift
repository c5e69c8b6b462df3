import Foundation
import TestSupport
import Testing

/// The shell completions `make install` installs, which swift-argument-parser generates from the
/// command definitions: each script must come out whole and know every subcommand. (The man page,
/// generated from the same definitions, is checked by `make test`'s `scripts/man.sh check`.)
@Suite("Completion scripts")
struct CompletionScriptTests {
    @Test("--generate-completion-script gives a script naming every subcommand", arguments: ["bash", "zsh", "fish"])
    func script(shell: String) async throws {
        let outcome = try await ProcessRunner.run(try Binary.path, ["--generate-completion-script", shell])
        #expect(outcome.status == 0, "\(outcome.error)")
        #expect(outcome.error.isEmpty, "\(outcome.error)")
        #expect(outcome.output.split(separator: "\n").count > 10, "the \(shell) script is too short")
        for word in ["contact-tui", "browse", "list", "mock-org", "cache", "discard-unsent", "target-org", "demo"] {
            #expect(outcome.output.contains(word), "the \(shell) script does not mention \(word)")
        }
    }
}
