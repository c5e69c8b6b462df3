import Subprocess
import SystemPackage

/// Runs a program to completion and collects what it printed, through swift-subprocess.
///
/// Subprocess waits for the child without holding a thread of the shared pool (on a two-core
/// machine parallel tests can hold every one), and starts it with no signal blocked and every
/// handler at its default: the test process blocks most signals, and a tmux server that
/// inherited that mask could neither reap its panes nor be stopped.
package enum ProcessRunner {
    package struct Outcome {
        package var status: Int32
        package var output: String
        package var error: String

        /// Throws unless the program exited 0.
        package func checked() throws -> Outcome {
            guard status == 0 else {
                throw TestSupportFailure("exit status \(status): \(error)\(output)")
            }
            return self
        }
    }

    /// What a test reads of a program's output at most.
    private static let outputLimit = 64 << 20

    /// Runs `program` (a path, or a name looked up on PATH) with `input` on its stdin (a secret
    /// goes there, never in `arguments` or `environment`), else stdin from /dev/null, in
    /// `environment` when given, else in this process's environment.
    package static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil, input: String? = nil
    ) async throws -> Outcome {
        let executable: Executable = program.contains("/") ? .path(FilePath(program)) : .name(program)
        let environment = environment.map(Self.custom) ?? .inherit
        let result =
            if let input {
                try await Subprocess.run(
                    executable, arguments: Arguments(arguments), environment: environment, input: .string(input),
                    output: .string(limit: outputLimit), error: .string(limit: outputLimit))
            } else {
                try await Subprocess.run(
                    executable, arguments: Arguments(arguments), environment: environment, input: .none,
                    output: .string(limit: outputLimit), error: .string(limit: outputLimit))
            }
        let status: Int32 =
            switch result.terminationStatus {
            case .exited(let code): code
            case .signaled(let signal): 128 + signal
            }
        return Outcome(status: status, output: result.standardOutput, error: result.standardError)
    }

    private static func custom(_ variables: [String: String]) -> Environment {
        .custom(
            Dictionary(
                uniqueKeysWithValues: variables.compactMap { name, value in
                    Environment.Key(rawValue: name).map { ($0, value) }
                }))
    }
}
