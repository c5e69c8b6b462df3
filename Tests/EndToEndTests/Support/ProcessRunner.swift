import Foundation
import Glibc

/// Runs a program to completion and collects what it printed.
///
/// Built on `posix_spawnp` and `waitpid` rather than Foundation's `Process`:
/// `Process.waitUntilExit` needs a free thread of the shared pool to learn that
/// the child ended, and on a two-core machine parallel tests can hold every one.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String

        /// Throws unless the program exited 0.
        func checked() throws -> Outcome {
            guard status == 0 else {
                throw TmuxSession.Failure(description: "exit status \(status): \(error)\(output)")
            }
            return self
        }
    }

    /// Runs `program` (looked up on PATH) with stdin from /dev/null, polling for
    /// its end without blocking a thread.
    static func run(
        _ program: String, _ arguments: [String], environment: [String: String]? = nil
    ) async throws -> Outcome {
        let child = try Child(program, arguments, environment: environment)
        while true {
            if let status = child.reap() { return try child.outcome(status: status) }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// The same, blocking the calling thread (for clean-up in `deinit`).
    static func runBlocking(_ program: String, _ arguments: [String]) throws -> Outcome {
        let child = try Child(program, arguments, environment: nil)
        var status: Int32 = 0
        while waitpid(child.pid, &status, 0) == -1 && errno == EINTR {}
        return try child.outcome(status: exitCode(status))
    }

    static func exitCode(_ status: Int32) -> Int32 {
        // WIFEXITED / WEXITSTATUS / WTERMSIG are macros Swift cannot import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }

    /// A spawned process whose output goes to files (a chatty program can never
    /// stall on a full pipe).
    private final class Child {
        let pid: pid_t
        let directory: URL

        init(_ program: String, _ arguments: [String], environment: [String: String]?) throws {
            directory = FileManager.default.temporaryDirectory
                .appendingPathComponent("contact-tui-run-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
            posix_spawn_file_actions_addopen(
                &actions, 1, directory.appendingPathComponent("stdout").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            posix_spawn_file_actions_addopen(
                &actions, 2, directory.appendingPathComponent("stderr").path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

            let argv = ([program] + arguments).map { strdup($0) } + [nil]
            defer { argv.forEach { free($0) } }
            let variables = (environment ?? ProcessInfo.processInfo.environment).map { "\($0.key)=\($0.value)" }
            let envp = variables.map { strdup($0) } + [nil]
            defer { envp.forEach { free($0) } }

            // The test process's threads block most signals, and a spawned child inherits that
            // mask: a tmux server started so could neither reap its panes nor be stopped. Start
            // every child with no signal blocked and every handler at its default.
            var attributes = posix_spawnattr_t()
            posix_spawnattr_init(&attributes)
            defer { posix_spawnattr_destroy(&attributes) }
            var noSignals = sigset_t()
            sigemptyset(&noSignals)
            var allSignals = sigset_t()
            sigfillset(&allSignals)
            posix_spawnattr_setsigmask(&attributes, &noSignals)
            posix_spawnattr_setsigdefault(&attributes, &allSignals)
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

            var pid: pid_t = 0
            let result = posix_spawnp(&pid, program, &actions, &attributes, argv, envp)
            guard result == 0 else {
                try? FileManager.default.removeItem(at: directory)
                throw TmuxSession.Failure(
                    description: "could not start \(program): \(String(cString: strerror(result)))")
            }
            self.pid = pid
        }

        /// The exit code once the process has ended, else nil.
        func reap() -> Int32? {
            var status: Int32 = 0
            let result = waitpid(pid, &status, WNOHANG)
            return result == pid ? ProcessRunner.exitCode(status) : nil
        }

        func outcome(status: Int32) throws -> Outcome {
            defer { try? FileManager.default.removeItem(at: directory) }
            return Outcome(
                status: status,
                output: String(
                    decoding: try Data(contentsOf: directory.appendingPathComponent("stdout")), as: UTF8.self),
                error: String(decoding: try Data(contentsOf: directory.appendingPathComponent("stderr")), as: UTF8.self)
            )
        }
    }
}
