import Foundation
import RestCore

/// Finds credentials in ARCHITECTURE.md's order: `--target-org ALIAS` (through the Salesforce
/// CLI, which also renews the session, so the refresh-grant options are refused with it), then `--instance-url`/`--access-token` (each falling back to its environment variable),
/// then the environment `SF_INSTANCE_URL`, `SF_ACCESS_TOKEN`, `SF_REFRESH_TOKEN`, `SF_CLIENT_ID`,
/// `SF_CLIENT_SECRET`, `SF_LOGIN_URL`, and finally, when none of these is given at all, the
/// Salesforce CLI's default org.
public enum CredentialResolver {
    /// The environment variables that name an org or how to sign in to it; any of them set
    /// means the user chose these over the Salesforce CLI's default org.
    static let credentialVariables = [
        "SF_INSTANCE_URL", "SF_ACCESS_TOKEN", "SF_REFRESH_TOKEN", "SF_CLIENT_ID", "SF_CLIENT_SECRET", "SF_LOGIN_URL",
    ]

    /// Resolves credentials. `environment` (default: the process's) also gives the `PATH`
    /// searched for `sf`, so tests can put a stand-in there.
    /// Secret files (`--access-token-file`) are read first; `-` reads `standardInput`'s line.
    public static func resolve(
        _ options: CredentialOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
        standardInput: () -> String? = { readLine(strippingNewline: true) }
    ) async throws(CredentialError) -> OrgCredentials {
        let cli = SalesforceCLI(environment: environment)
        if let alias = options.targetOrg?.nonEmpty {
            if let flag = options.refreshFlagGiven {
                throw .invalid("\(flag) cannot go with --target-org, whose session the Salesforce CLI renews.")
            }
            return try await cli.org(alias: alias, source: "sf org (\(alias))")
        }
        let options = try options.readingSecretFiles(standardInput: standardInput)
        let flagURL = options.instanceURL?.nonEmpty
        let flagToken = options.accessToken?.nonEmpty
        let url = flagURL ?? environment["SF_INSTANCE_URL"]?.nonEmpty
        let token = flagToken ?? environment["SF_ACCESS_TOKEN"]?.nonEmpty
        switch (url, token) {
        case (nil, nil):
            guard options.refreshFlagGiven == nil, credentialVariables.allSatisfy({ environment[$0]?.nonEmpty == nil }),
                let alias = await cli.defaultTargetOrg()
            else {
                throw .missing
            }
            return try await cli.org(alias: alias, source: "sf default org (\(alias))")
        case (nil, _):
            throw .invalid("an access token is given but no instance URL (--instance-url or SF_INSTANCE_URL).")
        case (_, nil):
            throw .invalid(
                "an instance URL is given but no access token (--access-token-file or SF_ACCESS_TOKEN).")
        case (let url?, let token?):
            return OrgCredentials(
                instanceURL: try parseInstanceURL(url), accessToken: token,
                refresh: try refreshSettings(options, environment: environment),
                source: flagURL != nil || flagToken != nil ? "command-line options" : "environment")
        }
    }

    /// The refresh grant's settings, each from its flag or else its variable; nil without a
    /// refresh token. A login URL is checked even then, so a mistyped one is never silently kept.
    static func refreshSettings(
        _ options: CredentialOptions, environment: [String: String]
    ) throws(CredentialError) -> RefreshSettings? {
        let loginURL = try (options.loginURL?.nonEmpty ?? environment["SF_LOGIN_URL"]?.nonEmpty).map(parseLoginURL)
        guard let refreshToken = options.refreshToken?.nonEmpty ?? environment["SF_REFRESH_TOKEN"]?.nonEmpty else {
            return nil
        }
        return RefreshSettings(
            refreshToken: refreshToken, clientID: options.clientID?.nonEmpty ?? environment["SF_CLIENT_ID"]?.nonEmpty,
            clientSecret: options.clientSecret?.nonEmpty ?? environment["SF_CLIENT_SECRET"]?.nonEmpty,
            loginURL: loginURL)
    }

    /// A login URL: https, or http on a loopback host (where nothing leaves the machine), as
    /// RestCore's `CleartextPolicy` allows.
    static func parseLoginURL(_ text: String) throws(CredentialError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), let host = url.host, !host.isEmpty,
            scheme == "https" || (scheme == "http" && CleartextPolicy.isLoopback(host: host))
        else {
            throw .invalid("the login URL \"\(text)\" must be an https URL, e.g. https://login.salesforce.com.")
        }
        return url
    }

    static func parseInstanceURL(_ text: String) throws(CredentialError) -> URL {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host?.isEmpty == false
        else {
            throw .invalid("the instance URL \"\(text)\" is not an http or https URL.")
        }
        return url
    }
}
