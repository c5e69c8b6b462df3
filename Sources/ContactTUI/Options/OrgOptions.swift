import ArgumentParser
import RestCore

/// How to reach an org: the options shared by the list and `list`.
struct OrgOptions: ParsableArguments {
    @Option(help: "The org's instance URL, e.g. https://example.my.salesforce.com.")
    var instanceURL: String?

    @Option(help: "An OAuth access token (or set SF_ACCESS_TOKEN).")
    var accessToken: String?

    @Option(help: "An OAuth refresh token, used when the access token expires.")
    var refreshToken: String?

    @Option(help: "The connected app's client id, sent with the refresh token.")
    var clientID: String?

    @Option(help: "The connected app's client secret, sent with the refresh token (or set SF_CLIENT_SECRET).")
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

    func validate() throws {
        if let apiVersion, APIVersion(parsing: apiVersion) == nil {
            throw ValidationError("--api-version must be an API version such as v66.0, not \"\(apiVersion)\".")
        }
        try OptionRange.checkPositive(timeout, "--timeout", atMost: Self.longestTimeout, unit: "seconds")
    }
}
