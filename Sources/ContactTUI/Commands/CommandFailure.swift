/// A failure that ends a command with one sentence (or one per line) and an exit code.
struct CommandFailure: Error, CustomStringConvertible {
    static let runtimeExitCode: Int32 = 1
    static let usageExitCode: Int32 = 2

    /// What standard error shows, one line each after `contact-tui: ` (`StandardError.report`).
    var sentences: [String]
    var exitCode: Int32

    var description: String { sentences.joined(separator: "\n") }

    init(description: String, exitCode: Int32) {
        self.init(sentences: [description], exitCode: exitCode)
    }

    init(sentences: [String], exitCode: Int32) {
        self.sentences = sentences
        self.exitCode = exitCode
    }

    static func runtime(_ message: String) -> CommandFailure {
        CommandFailure(description: message, exitCode: runtimeExitCode)
    }

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(description: message, exitCode: usageExitCode)
    }
}
