/// A failure that ends a command with one sentence and an exit code.
struct CommandFailure: Error, CustomStringConvertible {
    static let runtimeExitCode: Int32 = 1
    static let usageExitCode: Int32 = 2

    var description: String
    var exitCode: Int32

    static func runtime(_ message: String) -> CommandFailure {
        CommandFailure(description: message, exitCode: runtimeExitCode)
    }

    static func usage(_ message: String) -> CommandFailure {
        CommandFailure(description: message, exitCode: usageExitCode)
    }
}
