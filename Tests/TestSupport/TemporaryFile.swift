import Foundation

/// A path under the system's temporary directory for a file that a test hands to a process (a
/// `--log-file`, captured standard error, a script), removed when the test lets go of it. Read
/// the file through `text` after the process used it, which also keeps it until then.
package final class TemporaryFile: Sendable {
    package let path: String

    /// A new, unused path ending in `suffix` ("log", "sh"); nothing is created.
    package init(_ suffix: String = "txt") {
        path = NSTemporaryDirectory() + "contact-tui-\(UUID().uuidString).\(suffix)"
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    /// What the file holds now; empty when it does not exist (yet).
    package var text: String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }
}
