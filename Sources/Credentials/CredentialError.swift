/// Why no credentials could be found. `isUsageError` tells a usage problem (exit 2) from a
/// runtime failure (exit 1). Messages never contain a token.
public enum CredentialError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing says which org to use.
    case missing
    /// Credentials are given but incomplete or malformed.
    case invalid(String)
    /// The Salesforce CLI could not be run or did not give credentials.
    case salesforceCLIFailed(String)

    public var isUsageError: Bool {
        switch self {
        case .missing, .invalid: return true
        case .salesforceCLIFailed: return false
        }
    }

    public var description: String {
        switch self {
        case .missing:
            return "No org given: pass --target-org ALIAS, or --instance-url and --access-token-file, or set "
                + "SF_INSTANCE_URL and SF_ACCESS_TOKEN; or try --demo to use a local mock org."
        case .invalid(let detail):
            return "Invalid credentials: \(detail)"
        case .salesforceCLIFailed(let detail):
            return "Could not get the org from the Salesforce CLI: \(detail)"
        }
    }
}

extension CredentialError {
    /// The sentence for a secret given both on the command line and in a file (`option` and
    /// `option-file`), for the app's options and `mock-org`'s alike.
    public static func givenTwiceSentence(_ option: String) -> String {
        "\(option) and \(option)-file cannot go together; give one."
    }

    /// Why two `--…-file` options cannot both be `-`: standard input is read once.
    public static let oneStandardInputSentence = "only one of the --…-file options can read standard input (-)."
}
