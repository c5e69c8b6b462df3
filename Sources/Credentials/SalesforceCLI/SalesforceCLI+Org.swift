import Foundation

extension SalesforceCLI {
    /// The org an alias names: instance URL and API version from `sf org display`,
    /// the token from `sf org auth show-access-token`, and a provider that asks `sf` again.
    func org(alias: String, source: String) async throws(CredentialError) -> OrgCredentials {
        let display = try await result(of: ["org", "display"], alias: alias, as: DisplayResult.self)
        guard let urlText = display.instanceUrl?.nonEmpty,
            let url = try? CredentialResolver.parseInstanceURL(urlText)
        else {
            throw .salesforceCLIFailed(
                "'sf org display --target-org \(alias)' gave no valid instance URL; "
                    + "sign in with 'sf org login web --alias \(alias)'.")
        }
        return OrgCredentials(
            instanceURL: url, accessToken: try await accessToken(alias: alias),
            apiVersion: display.apiVersion.flatMap(Self.restVersion), source: source,
            tokenProvider: SalesforceCLITokenProvider(cli: self, alias: alias))
    }

    /// A current access token from `sf org auth show-access-token`, which refreshes it first.
    /// Anything that is not a token (sf's `[REDACTED] …` placeholder, say) is refused, never sent.
    func accessToken(alias: String) async throws(CredentialError) -> String {
        let answer = try await result(
            of: ["org", "auth", "show-access-token"], alias: alias, as: AccessTokenResult.self)
        guard let token = answer.accessToken, Self.isAccessToken(token) else {
            throw .salesforceCLIFailed(
                "'sf org auth show-access-token --target-org \(alias)' gave no usable access token; "
                    + "update the Salesforce CLI and sign in with 'sf org login web --alias \(alias)'.")
        }
        return token
    }

    /// Whether `text` can be an access token: printable ASCII without spaces, and not sf's
    /// redaction placeholder.
    static func isAccessToken(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix("[REDACTED")
            && text.unicodeScalars.allSatisfy { (0x21...0x7E).contains($0.value) }
    }

    /// `"66.0"` as the client spells it, `"v66.0"`; `nil` for anything else.
    static func restVersion(_ text: String) -> String? {
        text.range(of: #"^\d+\.\d$"#, options: .regularExpression) != nil ? "v" + text : nil
    }

    /// The fields of `sf org display --json` that are used (its `accessToken` is redacted).
    private struct DisplayResult: Decodable, Sendable {
        var instanceUrl: String?
        var apiVersion: String?
    }

    private struct AccessTokenResult: Decodable, Sendable {
        var accessToken: String?
    }
}
