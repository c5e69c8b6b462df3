import TestSupport

/// A stand-in `$BROWSER`: a script that writes the URL it is given to a file of its own.
final class StandInBrowser: Sendable {
    private let script = TemporaryFile("sh")
    private let output = TemporaryFile()

    init() throws {
        try writeExecutableScript("#!/bin/sh\nprintf '%s' \"$1\" > '\(output.path)'\n", to: script.path)
    }

    /// The script's path, for `BROWSER`.
    var path: String { script.path }

    /// The URL the browser was given; empty until it ran.
    var opened: String { output.text }
}
