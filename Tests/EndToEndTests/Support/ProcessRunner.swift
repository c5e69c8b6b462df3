import Foundation

/// Runs a program to completion and collects what it printed.
enum ProcessRunner {
    struct Outcome {
        var status: Int32
        var output: String
        var error: String

        /// Throws unless the program exited 0.
        func checked() throws -> Outcome {
            guard status == 0 else {
                throw TmuxSession.Failure(description: "exit status \(status): \(error)\(output)")
            }
            return self
        }
    }

    /// Runs `executable` with stdin from /dev/null; its output goes to files
    /// rather than pipes, so a chatty program can never stall on a full pipe.
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil
    ) throws -> Outcome {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("contact-tui-run-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let outputURL = directory.appendingPathComponent("stdout")
        let errorURL = directory.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: outputURL.path, contents: nil)
        FileManager.default.createFile(atPath: errorURL.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        try process.run()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus,
            output: String(decoding: try Data(contentsOf: outputURL), as: UTF8.self),
            error: String(decoding: try Data(contentsOf: errorURL), as: UTF8.self))
    }
}
