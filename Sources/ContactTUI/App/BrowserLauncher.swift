import Credentials
import Foundation
import Glibc
import Logging
import Subprocess
import SystemPackage

/// Starts a browser on a URL for `o`: `$BROWSER` (its first entry; `%s` stands for the URL,
/// else the URL is the last argument), else `xdg-open`.
///
/// The child runs in a session of its own with no terminal: its input is empty, its output
/// and errors are discarded, so it can neither read keys nor draw on the list. Its environment
/// has no credentials (`ChildEnvironment`). Its end is
/// awaited off the UI thread, never by the loop.
struct BrowserLauncher: Sendable {
    /// `$BROWSER`, as the environment has it.
    var browserVariable: String?
    /// The directories of `$PATH`.
    var searchPath: [String]
    /// The browser's environment: the app's without credentials.
    var childEnvironment: Environment

    init(environment: [String: String]) {
        browserVariable = environment["BROWSER"]
        childEnvironment = ChildEnvironment.make(from: environment)
        searchPath = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The command that opens `url`: `$BROWSER`, else `xdg-open` when allowed and installed.
    func command(for url: String, allowsDefaultBrowser: Bool) -> [String]? {
        if let entry = browserVariable?.split(separator: ":").first.map(String.init) {
            let words = entry.split(whereSeparator: \.isWhitespace).map(String.init)
            if !words.isEmpty {
                let substituted = words.map { $0.replacingOccurrences(of: "%s", with: url) }
                return words.contains { $0.contains("%s") } ? substituted : words + [url]
            }
        }
        guard allowsDefaultBrowser, isInstalled("xdg-open") else { return nil }
        return ["xdg-open", url]
    }

    private func isInstalled(_ name: String) -> Bool {
        searchPath.contains { access($0 + "/" + name, X_OK) == 0 }
    }

    /// Starts `command` detached; `failed` is told a sentence when it cannot be started.
    func start(_ command: [String], logger: Logger?, failed: @escaping @Sendable (String) -> Void) {
        let environment = childEnvironment
        Task.detached {
            var options = PlatformOptions()
            options.createSession = true
            let executable: Executable =
                command[0].contains("/") ? .path(FilePath(command[0])) : .name(command[0])
            do {
                let result = try await Subprocess.run(
                    executable, arguments: Arguments(Array(command.dropFirst())), environment: environment,
                    platformOptions: options, input: .none, output: .discarded, error: .discarded)
                logger?.info("browser ended", metadata: ["status": "\(result.terminationStatus)"])
            } catch {
                logger?.warning("browser did not start", metadata: ["error": "\(error)"])
                failed("Could not start \(command[0]) to open the record.")
            }
        }
    }
}
