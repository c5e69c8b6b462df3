import Foundation
import TestSupport
import Testing

/// A program running in a private tmux server, driven like a person would:
/// keys in, screen text out.
///
/// Each session has its own server socket (`tmux -L`), so tests run in
/// parallel without seeing each other. Waiting is always polling with a
/// deadline, never a fixed sleep.
final class TmuxSession {
    let socket: String
    let width: Int
    let height: Int
    private let configPath: String
    private let statusPath: String
    /// The folder of the session's replica and outbox.
    private let localFiles: String
    /// The tmux server's process, stopped with a signal when the session goes (a `deinit` cannot await a child).
    private var serverPID: pid_t = 0

    /// Starts `command` in a new detached session of the given size.
    init(
        _ command: [String], width: Int = 100, height: Int = 30,
        environment: [String: String] = [:]
    ) async throws {
        self.socket = "contact-tui-e2e-\(getpid())-\(UUID().uuidString.prefix(8))"
        self.width = width
        self.height = height
        // The configuration is read before the command starts, so a program that
        // exits at once still leaves its pane (and exit status) behind.
        configPath = NSTemporaryDirectory() + "\(socket).conf"
        statusPath = NSTemporaryDirectory() + "\(socket).status"
        let configuration = """
            set -g remain-on-exit on
            set -g status off
            set -g default-terminal "tmux-256color"
            set -g history-limit 0
            """
        try configuration.write(toFile: configPath, atomically: true, encoding: .utf8)

        // Each session keeps its replica and outbox apart (unless the test names the folders): the
        // mock org's org and user ids are the same in every test.
        localFiles = NSTemporaryDirectory() + "\(socket).local"
        var variables = [
            "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "XDG_CACHE_HOME": localFiles + "/cache",
            "XDG_STATE_HOME": localFiles + "/state",
        ]
        variables.merge(environment) { _, new in new }
        let assignments = variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        // The exit status is written by the shell rather than read from tmux's #{pane_dead_status},
        // which stays empty when a server was started with SIGCHLD blocked.
        let shellCommand =
            (["env"] + assignments + command).map(Self.shellQuote).joined(separator: " ")
            + "; echo $? > \(Self.shellQuote(statusPath))"
        try await Self.tmux(
            [
                "-L", socket, "-f", configPath, "new-session", "-d", "-s", "main",
                "-x", "\(width)", "-y", "\(height)", shellCommand,
            ])
        let pid = try await Self.tmux(["-L", socket, "display-message", "-p", "#{pid}"])
        serverPID = pid_t(pid.trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }

    deinit {
        if serverPID > 0 { kill(serverPID, SIGTERM) }
        try? FileManager.default.removeItem(atPath: configPath)
        try? FileManager.default.removeItem(atPath: statusPath)
        try? FileManager.default.removeItem(atPath: localFiles)
    }

    /// Sends keys as tmux names them: "j", "Enter", "Escape", "C-c", "PageDown".
    func send(_ keys: String...) async throws {
        try await Self.tmux(["-L", socket, "send-keys", "-t", "main"] + keys)
    }

    /// Types text literally.
    func type(_ text: String) async throws {
        try await Self.tmux(["-L", socket, "send-keys", "-t", "main", "-l", text])
    }

    /// The screen as text; with `attributes`, SGR escape sequences mark styles.
    func capture(attributes: Bool = false) async throws -> String {
        try await Self.tmux(["-L", socket, "capture-pane", "-p", "-t", "main"] + (attributes ? ["-e"] : []))
    }

    /// Resizes the window, like a person dragging the terminal's corner.
    func resize(width: Int, height: Int) async throws {
        try await Self.tmux(["-L", socket, "resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)"])
    }

    /// Polls the screen until `condition` holds, or fails with the last screen.
    @discardableResult
    func waitUntil(
        timeout: Duration = .seconds(30), attributes: Bool = false, _ what: String,
        _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await capture(attributes: attributes)
            if condition(screen) { return screen }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestSupportFailure("timed out waiting until \(what); the screen was:\n\(screen)")
    }

    /// Waits for the program to exit and returns its exit status.
    func waitForExit(timeout: Duration = .seconds(30)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            if let text = try? String(contentsOfFile: statusPath, encoding: .utf8),
                let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines))
            {
                return status
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw TestSupportFailure("timed out waiting for the program to exit; the screen was:\n\(try await capture())")
    }

    /// Quits with `key` and checks the exit status: 0, or 1 after a session in which a change
    /// failed or its outcome stayed unknown (`afterFailedChanges`).
    func quit(
        with key: String = "q", afterFailedChanges: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        try await send(key)
        #expect(try await waitForExit() == (afterFailedChanges ? 1 : 0), sourceLocation: sourceLocation)
    }

    /// Whether the program is still running.
    var isRunning: Bool { !FileManager.default.fileExists(atPath: statusPath) }

    @discardableResult
    static func tmux(_ arguments: [String]) async throws -> String {
        try await ProcessRunner.run("tmux", arguments).checked().output
    }

    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
