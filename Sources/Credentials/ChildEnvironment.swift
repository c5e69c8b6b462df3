import Subprocess

/// The environment every child process gets (the browser, the Salesforce CLI): the app's own,
/// without the variables that carry credentials. No child needs them (`sf` keeps its own
/// credentials), and a child that logs or forwards its environment would leak them.
public enum ChildEnvironment {
    /// `environment` without the credential variables, for Subprocess.
    public static func make(from environment: [String: String]) -> Environment {
        .custom(
            Dictionary(
                variables(from: environment).compactMap { name, value in
                    Environment.Key(rawValue: name).map { ($0, value) }
                },
                uniquingKeysWith: { _, last in last }))
    }

    /// `environment` without the credential variables: the ones the app reads an org from
    /// (`SF_ACCESS_TOKEN`, `SF_REFRESH_TOKEN`, `SF_CLIENT_SECRET`, …) and any other `SF_` or
    /// `SFDX_` variable that names a token, a secret or a password (`SFDX_ACCESS_TOKEN`).
    static func variables(from environment: [String: String]) -> [String: String] {
        environment.filter { name, _ in !isCredential(name) }
    }

    static func isCredential(_ name: String) -> Bool {
        let upper = name.uppercased()
        if CredentialResolver.credentialVariables.contains(upper) { return true }
        guard upper.hasPrefix("SF_") || upper.hasPrefix("SFDX_") else { return false }
        return ["TOKEN", "SECRET", "PASSWORD"].contains { upper.contains($0) }
    }
}
