import Foundation
import Glibc

/// A process the driver started, with its output in files so that it never stalls on a pipe.
///
/// The driver is synchronous on purpose: every server it measures runs in a child of its own,
/// and `wait4` gives each child's peak resident memory and CPU time. That `rusage` is why this
/// runner is written by hand: swift-subprocess, which the tests use, does not report it.
final class Child {
    struct Usage {
        var status: Int32
        var wallSeconds: Double
        var cpuSeconds: Double
        /// Peak resident set size in bytes.
        var peakRSS: Int
    }

    let pid: pid_t
    let outputPath: String
    let started = Date()

    /// Starts `program` with `input` on its stdin (a token goes there, never in `arguments` or
    /// `environment`, which the process list and /proc show), else stdin from /dev/null.
    init(
        _ program: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil,
        output: String? = nil
    )
        throws
    {
        outputPath = output ?? NSTemporaryDirectory() + "contact-tui-bench-\(UUID().uuidString).out"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // Close-on-exec, so that only this child gets the pipe, as its stdin (dup2 clears the flag).
        var pipeEnds: [Int32] = [-1, -1]
        if input != nil {
            guard pipe(&pipeEnds) == 0 else {
                throw BenchFailure("could not make a pipe for \(program): \(String(cString: strerror(errno)))")
            }
            for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
            posix_spawn_file_actions_adddup2(&actions, pipeEnds[0], 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, outputPath + ".err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var variables = ProcessInfo.processInfo.environment
        variables.merge(environment) { _, new in new }
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        let envp = variables.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { envp.forEach { free($0) } }
        // Start the child with no signal blocked and every handler at its default, whatever this
        // process blocks, so that SIGTERM stops the servers it measures.
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
        if input != nil { close(pipeEnds[0]) }
        guard result == 0 else {
            if input != nil { close(pipeEnds[1]) }
            throw BenchFailure("could not start \(program): \(String(cString: strerror(result)))")
        }
        self.pid = pid
        if let input {
            // A line fits the pipe's buffer: the write never waits for the child to read it.
            Self.write(input, to: pipeEnds[1])
            close(pipeEnds[1])
        }
    }

    /// Writes all of `text` to `descriptor`, or what it can until an error.
    private static func write(_ text: String, to descriptor: Int32) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Everything the child printed on stdout so far.
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var errorOutput: String { (try? String(contentsOfFile: outputPath + ".err", encoding: .utf8)) ?? "" }

    /// Waits for the child to end and returns what it used.
    func wait() -> Usage {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let cpu =
            Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
            + Double(usage.ru_stime.tv_usec) / 1e6
        return Usage(
            status: status, wallSeconds: Date().timeIntervalSince(started), cpuSeconds: cpu,
            peakRSS: usage.ru_maxrss * 1024)
    }

    /// Polls stdout until a line starts with `prefix`; returns the rest of that line.
    func waitForLine(startingWith prefix: String, timeout: TimeInterval = 120) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            for line in output.split(separator: "\n") where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count))
            }
            var status: Int32 = 0
            if waitpid(pid, &status, WNOHANG) == pid {
                throw BenchFailure("the child ended before printing '\(prefix)': \(errorOutput)")
            }
            usleep(5_000)
        }
        throw BenchFailure("timed out waiting for '\(prefix)' from the child")
    }

    /// Resident memory now, from /proc.
    var currentRSS: Int { Proc.residentBytes(of: pid) }

    func stop() {
        kill(pid, SIGTERM)
        _ = wait()
        try? FileManager.default.removeItem(atPath: outputPath)
        try? FileManager.default.removeItem(atPath: outputPath + ".err")
    }
}

/// Runs a program to its end and returns its usage and output.
func runToEnd(
    _ program: String, _ arguments: [String], environment: [String: String] = [:], input: String? = nil
) throws -> (
    Child.Usage, String
) {
    let child = try Child(program, arguments, environment: environment, input: input)
    let usage = child.wait()
    let output = child.output
    guard usage.status == 0 else {
        throw BenchFailure("\(program) exited with status \(usage.status): \(child.errorOutput.prefix(400))")
    }
    try? FileManager.default.removeItem(atPath: child.outputPath)
    try? FileManager.default.removeItem(atPath: child.outputPath + ".err")
    return (usage, output)
}

struct BenchFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
