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

    /// Starts tinyproxy on a free port. The reserved port is released just before tinyproxy
    /// binds it, so another process may take it first: tinyproxy then exits at once, and it is
    /// started again on another port. A slow start is waited for generously.
    private static func start() async throws -> TinyProxy {
        var failures: [String] = []
        for _ in 1...3 {
            let proxy = try await launch()
            let settled = await waitUntil(within: .seconds(60)) {
                proxy.exitStatus != nil || (proxy.pid != nil && proxy.accepts())
            }
            if settled, proxy.exitStatus == nil { return proxy }
            failures.append(
                "port \(proxy.port): " + (proxy.exitStatus.map { "exit \($0), \(proxy.errors)" } ?? "no answer"))
            proxy.stop()
        }
        throw TestSupportFailure("tinyproxy did not start (\(failures.joined(separator: "; ")))")
    }

    /// Runs tinyproxy in the foreground in the background of a shell, which writes its exit
    /// status to a file when it ends, so that a failed start is seen at once.
    private static func launch() async throws -> TinyProxy {
        let directory = FileManager.default.temporaryDirectory.appending(path: "tinyproxy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
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
        let script = "(tinyproxy -d -c \"$0\" 2>\"$1\"; echo $? >\"$2\") </dev/null >/dev/null 2>&1 &"
        let files = ["tinyproxy.conf", "tinyproxy.err", "tinyproxy.status"].map { directory.appending(path: $0).path }
        _ = try await ProcessRunner.run("sh", ["-c", script] + files).checked()
        return TinyProxy(port: port, directory: directory)
    }

    /// tinyproxy's exit status once it has ended; nil while it runs.
    private var exitStatus: Int32? {
        (try? String(contentsOf: directory.appending(path: "tinyproxy.status"), encoding: .utf8))
            .flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    /// What tinyproxy wrote to standard error.
    private var errors: String {
        (try? String(contentsOf: directory.appending(path: "tinyproxy.err"), encoding: .utf8)) ?? ""
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
