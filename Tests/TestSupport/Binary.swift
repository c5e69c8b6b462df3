import Foundation

/// The `contact-tui` executable built beside the test bundle.
package enum Binary {
    /// Its path: `CONTACT_TUI_BIN` when set, else the build folder of the tests.
    package static var path: String {
        get throws {
            if let override = ProcessInfo.processInfo.environment["CONTACT_TUI_BIN"] { return override }
            let testBinary = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
            var directory = URL(fileURLWithPath: testBinary).deletingLastPathComponent()
            // On Linux the test bundle is `<bin>/contact-tuiPackageTests.xctest`, an executable file.
            while directory.path != "/" {
                let candidate = directory.appendingPathComponent("contact-tui").path
                if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
                directory.deleteLastPathComponent()
            }
            throw TestSupportFailure(
                "contact-tui is not built next to the tests; run 'swift build' first (or set CONTACT_TUI_BIN).")
        }
    }
}
