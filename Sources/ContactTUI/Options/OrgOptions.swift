import ArgumentParser
import RestCore

/// How to reach an org: the options shared by the list and `list`.
struct OrgOptions: ParsableArguments {
    @Option(help: "The org's instance URL, e.g. https://example.my.salesforce.com.")
    var instanceURL: String?

    @Option(help: "A file whose first line is the OAuth access token; - reads standard input (or set SF_ACCESS_TOKEN).")
    var accessTokenFile: String?

    @Option(
        help:
            "A file whose first line is the OAuth refresh token, used when the access token expires; - reads standard input (or set SF_REFRESH_TOKEN)."
    )
    var refreshTokenFile: String?

    @Option(help: "The connected app's client id, sent with the refresh token.")
    var clientID: String?

    @Option(
        help:
            "A file whose first line is the connected app's client secret; - reads standard input (or set SF_CLIENT_SECRET)."
    )
    var clientSecretFile: String?

    @Option(help: "An OAuth access token; other users can read it in the process list, prefer --access-token-file.")
    var accessToken: String?

    @Option(help: "An OAuth refresh token; other users can read it in the process list, prefer --refresh-token-file.")
    var refreshToken: String?

    @Option(
        help:
            "The connected app's client secret; other users can read it in the process list, prefer --client-secret-file."
    )
    var clientSecret: String?

    @Option(
        help:
            "Where the refresh token is exchanged, e.g. https://login.salesforce.com (or set SF_LOGIN_URL; default: the instance)."
    )
    var loginURL: String?

    @Option(help: "The REST API version, e.g. v66.0 (default: the org's own from sf, otherwise v66.0).")
    var apiVersion: String?

    /// `--api-version` as a version; `validate` has refused any other text.
    var requestedAPIVersion: APIVersion? {
        apiVersion.flatMap { APIVersion(parsing: $0) }
    }

    @Option(help: "Seconds before a request times out (up to 86400).")
    var timeout: Double = 60

    /// A day: longer is no timeout at all, and the milliseconds must fit in an `Int`.
    static let longestTimeout: Double = 86_400

    @Flag(help: "Send requests one at a time, in order.")
    var serial = false

    @Flag(help: "Refuse every change to the org (deletes are blocked before they are sent).")
    var readOnly = false

    @Flag(help: "Neither show nor keep the local replica of the list's rows (changes still go through the outbox).")
    var noCache = false

    /// One warning sentence for each secret given in the command line itself, which any user of
    /// the machine can read (`/proc/PID/cmdline`, `ps`).
    var visibleSecretWarnings: [String] {
        [
            ("--access-token", accessToken, "SF_ACCESS_TOKEN"), ("--refresh-token", refreshToken, "SF_REFRESH_TOKEN"),
            ("--client-secret", clientSecret, "SF_CLIENT_SECRET"),
        ].compactMap { option, value, variable in
            value.map { _ in
                "warning: \(option) is visible to other users in the process list; use \(option)-file or \(variable)."
            }
        }
    }

    func validate() throws {
        if let apiVersion, APIVersion(parsing: apiVersion) == nil {
            throw ValidationError("--api-version must be an API version such as v66.0, not \"\(apiVersion)\".")
        }
        try OptionRange.checkPositive(timeout, "--timeout", atMost: Self.longestTimeout, unit: "seconds")
    }
}
