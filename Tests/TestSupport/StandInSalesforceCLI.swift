import Foundation

/// A stand-in `sf` in a directory of its own that answers as today's Salesforce CLI does:
/// `org display --json` with the token redacted, `org auth show-access-token --json` with a
/// token, `config get target-org --json`, and sf's JSON error (exit 1) for an alias it does not
/// know. Every call's arguments are logged, one line each, for `calls`.
package final class StandInSalesforceCLI: Sendable {
    /// What `org auth show-access-token` answers.
    package enum Token: Sendable {
        /// A new token on every call, from the mock org's password grant at the instance URL (curl),
        /// with the org's connected app (`MockOrgEndpoint.clientID`, `clientSecret`).
        case minted(clientID: String = "", clientSecret: String = "")
        /// Always this value, whatever it is.
        case fixed(String)
    }

    package static let redactedToken = "[REDACTED] Use 'sf org auth show-access-token' to view"

    package let directory: URL

    /// An `sf` that knows `aliases` as the org at `instanceURL`, whose default org is `defaultOrg`.
    package init(
        instanceURL: URL, aliases: [String], defaultOrg: String? = nil, token: Token = .minted(),
        apiVersion: String = "66.0", username: String = "demo@example.com"
    ) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("sf-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let script = Self.script(
            instanceURL: instanceURL.absoluteString, aliases: aliases, defaultOrg: defaultOrg, token: token,
            apiVersion: apiVersion, username: username)
        try writeExecutableScript(script, to: directory.appendingPathComponent("sf").path)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A `PATH` that finds this `sf` first, then the system's tools.
    package var path: String { directory.path + ":/usr/bin:/bin" }

    /// A clean environment with this `sf` on its `PATH`.
    package var environment: [String: String] { ["PATH": path, "HOME": directory.path] }

    /// The arguments of every call so far, in order.
    package func calls() throws -> [String] {
        let log = directory.appendingPathComponent("calls")
        guard FileManager.default.fileExists(atPath: log.path) else { return [] }
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// How many times `org auth show-access-token` ran.
    package func tokenCalls() throws -> Int {
        try calls().filter { $0.hasPrefix("org auth show-access-token ") }.count
    }

    private static func script(
        instanceURL: String, aliases: [String], defaultOrg: String?, token: Token, apiVersion: String,
        username: String
    ) -> String {
        let quotedURL = shellQuote(instanceURL)
        let tokenCommand: String
        switch token {
        case .minted(let clientID, let clientSecret):
            tokenCommand = """
                answer=$(printf '%s' \(shellQuote(clientSecret)) | curl -sS --fail --max-time 30 -X POST -d grant_type=password \
                -d username=demo@example.com -d password=demo --data-urlencode client_id=\(shellQuote(clientID)) \
                --data-urlencode client_secret@- \(quotedURL)/services/oauth2/token) || fail RefreshTokenAuthError "Error authenticating with the refresh token."
                  token=$(printf '%s' "$answer" | sed -n 's/.*"access_token":"\\([^"]*\\)".*/\\1/p')
                """
        case .fixed(let value):
            tokenCommand = "token=\(shellQuote(value))"
        }
        let defaultEntry =
            defaultOrg.map { #"{"name":"target-org","value":"\#($0)","location":"Global","success":true}"# }
            ?? #"{"name":"target-org","success":true}"#
        return #"""
            #!/bin/sh
            printf '%s\n' "$*" >> "$(dirname "$0")/calls"
            alias=""
            previous=""
            for argument in "$@"; do
              [ "$previous" = "--target-org" ] && alias="$argument"
              previous="$argument"
            done
            fail() {
              printf '{"status":1,"name":"%s","message":"%s","exitCode":1,"context":"%s","stack":"%s: %s","warnings":[]}\n' "$1" "$2" "$1" "$1" "$2"
              exit 1
            }
            known() {
              for candidate in \#(aliases.map(shellQuote).joined(separator: " ")); do
                [ "$candidate" = "$alias" ] && return 0
              done
              fail NoAuthInfoFound "No authorization information found for $alias."
            }
            case "$*" in
              "config get target-org --json")
                printf '%s\n' '{"status":0,"result":[\#(defaultEntry)],"warnings":[]}'
                ;;
              "org display --json --target-org "*)
                known
                printf '{"status":0,"result":{"id":"00D000000000001AAA","apiVersion":"%s","accessToken":"%s","instanceUrl":"%s","username":"%s","clientId":"PlatformCLI","connectedStatus":"Connected","alias":"%s"},"warnings":[]}\n' \#(shellQuote(apiVersion)) \#(shellQuote(redactedToken)) \#(quotedURL) \#(shellQuote(username)) "$alias"
                ;;
              "org auth show-access-token --json --target-org "*)
                known
                \#(tokenCommand)
                printf '{"status":0,"result":{"accessToken":"%s","instanceUrl":"%s","username":"%s"},"warnings":[]}\n' "$token" \#(quotedURL) \#(shellQuote(username))
                ;;
              *)
                fail Error "Unexpected arguments: $*"
                ;;
            esac
            """#
    }

    private static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
