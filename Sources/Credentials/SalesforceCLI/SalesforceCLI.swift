import Foundation
import Subprocess

/// The Salesforce CLI (`sf`) as a child process: each command runs to its end with no input,
/// its standard output collected and its standard error dropped.
///
/// Every way the app asks `sf` for something (`org display`, `org auth show-access-token`,
/// `config get target-org`) goes through `run`.
struct SalesforceCLI: Sendable {
    /// Why `sf` could not be run at all.
    enum RunFailure: Error, Sendable {
        /// No `sf` on `PATH`.
        case notInstalled
        case couldNotStart(String)
    }

    /// What one command left behind.
    struct Output: Sendable {
        /// The exit status (128 + the signal for a process killed by one).
        var status: Int32
        var standardOutput: [UInt8]
    }

    /// The app's environment (the child gets it without credentials, `ChildEnvironment`); its
    /// `PATH` is also where `sf` is looked for.
    var environment: [String: String]

    /// More than any `sf … --json` answer; a bigger one fails rather than exhaust memory.
    static let outputLimit = 4 * 1024 * 1024

    /// Runs `sf` with `arguments` to its end.
    func run(_ arguments: [String]) async throws(RunFailure) -> Output {
        let childEnvironment = ChildEnvironment.make(from: environment)
        var attempt = 0
        while true {
            do {
                let result = try await Subprocess.run(
                    .name("sf"), arguments: Arguments(arguments), environment: childEnvironment,
                    output: .bytes(limit: Self.outputLimit), error: .discarded)
                return Output(status: Self.status(result.terminationStatus), standardOutput: result.standardOutput)
            } catch let error as SubprocessError where error.code == .executableNotFound {
                throw .notInstalled
            } catch let error as SubprocessError where Self.isBusy(error) && attempt < 40 {
                // A freshly written script is "busy" (ETXTBSY) while a child that another
                // thread is spawning still holds it open for writing; it is free shortly after.
                attempt += 1
                try? await Task.sleep(for: .milliseconds(50))
            } catch {
                throw .couldNotStart("\(error)")
            }
        }
    }

    private static func isBusy(_ error: SubprocessError) -> Bool {
        error.code == .spawnFailed && error.underlyingError?.rawValue == ETXTBSY
    }

    private static func status(_ termination: TerminationStatus) -> Int32 {
        switch termination {
        case .exited(let code): return code
        case .signaled(let signal): return 128 + signal
        }
    }
}
