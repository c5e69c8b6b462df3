import Foundation

/// A folder of its own under the system's temporary folder, removed when the test ends.
final class TemporaryFolder: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("replica-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A file (not yet made) inside a subfolder `contact-tui` that is not made either.
    func file(_ name: String = "00D000000000001AAA-005000000000001AAA.sqlite") -> URL {
        url.appendingPathComponent("contact-tui").appendingPathComponent(name)
    }

    /// The permission bits of the file at `url`.
    static func mode(of url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return (attributes[.posixPermissions] as? NSNumber)?.intValue ?? -1
    }
}
