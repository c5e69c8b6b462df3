import Foundation

/// A folder of its own under the system's temporary folder, removed when the test ends.
package final class TemporaryFolder: Sendable {
    package let url: URL

    package init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("contact-tui-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A file (not yet made) inside a subfolder `contact-tui` that is not made either.
    package func file(_ name: String = "00D000000000001AAA-005000000000001AAA.sqlite") -> URL {
        url.appendingPathComponent("contact-tui").appendingPathComponent(name)
    }

    /// The permission bits of the file at `url`.
    package static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
