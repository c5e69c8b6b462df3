import Foundation
import Glibc
import TestSupport

/// Debian's tinyproxy, started by a test on a loopback port with Basic credentials and a log,
/// and stopped when the test ends: a real proxy between the app and the mock org.
final class TinyProxy: Sendable {
    static let username = "user"
    static let password = "pass"

    let port: Int
    private let directory: URL

    private init(port: Int, directory: URL) {
        self.port = port
        self.directory = directory
    }

    /// `http://user:PASSWORD@127.0.0.1:PORT`, the proxy URL with `password` (the right one by default).
    func url(password: String = TinyProxy.password) -> String {
        "http://\(Self.username):\(password)@127.0.0.1:\(port)"
    }

    /// The targets the proxy opened a tunnel to (`127.0.0.1:PORT`), in order.
    var tunnels: [String] {
        let log = (try? String(contentsOf: directory.appending(path: "tinyproxy.log"), encoding: .utf8)) ?? ""
        return log.split(separator: "\n").compactMap { line in
            guard let range = line.range(of: "): CONNECT ") else { return nil }
            return line[range.upperBound...].split(separator: " ").first.map(String.init)
        }
    }

    /// Runs `body` with a proxy started for it, and stops the proxy afterwards.
    static func with<T>(_ body: (TinyProxy) async throws -> T) async throws -> T {
        let proxy = try await start()
        return try await withCleanup {
            try await body(proxy)
        } cleanup: {
            proxy.stop()
        }
    }

    private static func start() async throws -> TinyProxy {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tinyproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // The reserved port is released just before tinyproxy binds it.
        let port = try ReservedPort().port
        // No ConnectPort line: tunnels may go to any port, the mock org's included.
        let configuration = """
            Listen 127.0.0.1
            Port \(port)
            Timeout 60
            MaxClients 50
            LogFile "\(directory.appending(path: "tinyproxy.log").path)"
            LogLevel Connect
            PidFile "\(directory.appending(path: "tinyproxy.pid").path)"
            BasicAuth \(username) \(password)

            """
        let configurationFile = directory.appending(path: "tinyproxy.conf")
        try configuration.write(to: configurationFile, atomically: true, encoding: .utf8)
        try await ProcessRunner.run("tinyproxy", ["-c", configurationFile.path]).checked()
        let proxy = TinyProxy(port: port, directory: directory)
        guard await waitUntil(within: .seconds(20), { proxy.pid != nil && proxy.accepts() }) else {
            proxy.stop()
            throw TestSupportFailure("tinyproxy did not start on port \(port)")
        }
        return proxy
    }

    private var pid: pid_t? {
        (try? String(contentsOf: directory.appending(path: "tinyproxy.pid"), encoding: .utf8))
            .flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// Whether the proxy's port takes a connection.
    private func accepts() -> Bool {
        guard let connection = try? RawSocket.connect(port: port) else { return false }
        close(connection)
        return true
    }

    private func stop() {
        if let pid { kill(pid, SIGTERM) }
        try? FileManager.default.removeItem(at: directory)
    }
}
