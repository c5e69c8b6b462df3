import Foundation
import RestCore

extension SalesforceCLI {
    /// The `result` of `sf COMMAND --json --target-org ALIAS`. Every way it can fail is one
    /// sentence that names the alias and says how to sign in.
    func result<Result: Decodable & Sendable>(
        of command: [String], alias: String, as type: Result.Type = Result.self
    ) async throws(CredentialError) -> Result {
        let commandLine = "'sf \(command.joined(separator: " ")) --target-org \(alias)'"
        let signIn = "sign in with 'sf org login web --alias \(alias)'"
        let output: Output
        do {
            output = try await run(command + ["--json", "--target-org", alias])
        } catch {
            switch error {
            case .notInstalled:
                throw .salesforceCLIFailed(
                    "the sf command is not on PATH, so the org \(alias) cannot be reached; install the Salesforce "
                        + "CLI and \(signIn), or pass --instance-url and --access-token-file.")
            case .couldNotStart(let reason):
                throw .salesforceCLIFailed(
                    "\(commandLine) could not be run (\(RestClientError.oneLine(reason))); check the Salesforce CLI "
                        + "and \(signIn).")
            }
        }
        guard let answer = try? JSONDecoder().decode(Answer<Result>.self, from: Data(output.standardOutput)) else {
            throw .salesforceCLIFailed(
                "\(commandLine) exited with status \(output.status) and printed no JSON that it documents; "
                    + "check that the command works, or \(signIn).")
        }
        guard output.status == 0, answer.status ?? 0 == 0, let result = answer.result else {
            let message = answer.message.map { RestClientError.oneLine($0) } ?? "exit status \(output.status)"
            if answer.isUnknownOrg {
                throw .salesforceCLIFailed("the Salesforce CLI knows no org \(alias) (\(message)); \(signIn).")
            }
            throw .salesforceCLIFailed("\(commandLine) failed (\(message)); \(signIn) again.")
        }
        return result
    }

    /// What every `sf … --json` prints: `status` 0 and a `result`, or a failure's `name` and `message`.
    private struct Answer<Result: Decodable>: Decodable {
        var status: Int?
        var result: Result?
        var name: String?
        var message: String?

        /// sf's errors for an alias or username it has no authorization for.
        var isUnknownOrg: Bool {
            ["NoAuthInfoFound", "NamedOrgNotFound", "NamedOrgNotFoundError"].contains(name ?? "")
                || message?.contains("No authorization information found") == true
        }
    }
}
