import ArgumentParser
import Foundation

/// Parses the command line and maps every failure to one sentence and the
/// documented exit code (0 success, 1 runtime failure, 2 usage error).
func runMain() async -> Int32 {
    do {
        var command = try ContactTUICommand.parseAsRoot()
        if var asyncCommand = command as? any AsyncParsableCommand {
            try await asyncCommand.run()
        } else {
            try command.run()
        }
        return 0
    } catch let failure as CommandFailure {
        StandardError.report(failure.sentences)
        return failure.exitCode
    } catch {
        let code = ContactTUICommand.exitCode(for: error)
        if code == .success {
            print(ContactTUICommand.fullMessage(for: error))
            return 0
        }
        if code == .validationFailure {
            let message = ContactTUICommand.message(for: error)
            StandardError.write(
                lines: parserMessageLines(StandardError.prefix + message) + ["See 'contact-tui --help'."])
            return CommandFailure.usageExitCode
        }
        StandardError.write(lines: parserMessageLines(StandardError.prefix + ContactTUICommand.message(for: error)))
        return code.rawValue == 0 ? 0 : CommandFailure.runtimeExitCode
    }
}

/// The lines of a message of the command line's parser, which may span several (its text is
/// the user's own arguments and the app's, so its line breaks are kept).
func parserMessageLines(_ message: String) -> [String] {
    message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

exit(await runMain())
