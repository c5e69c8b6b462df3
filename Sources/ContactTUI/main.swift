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
        FileHandle.standardError.write(Data("contact-tui: \(failure.description)\n".utf8))
        return failure.exitCode
    } catch {
        let code = ContactTUICommand.exitCode(for: error)
        if code == .success {
            print(ContactTUICommand.fullMessage(for: error))
            return 0
        }
        if code == .validationFailure {
            let message = ContactTUICommand.message(for: error)
            FileHandle.standardError.write(Data("contact-tui: \(message)\nSee 'contact-tui --help'.\n".utf8))
            return CommandFailure.usageExitCode
        }
        FileHandle.standardError.write(Data("contact-tui: \(ContactTUICommand.message(for: error))\n".utf8))
        return code.rawValue == 0 ? 0 : CommandFailure.runtimeExitCode
    }
}

exit(await runMain())
