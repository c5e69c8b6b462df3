import Foundation
import RestCore

extension SalesforceCLI {
    /// The org an alias names: instance URL and API version from `sf org display`,
    /// the token from `sf org auth show-access-token`, and a provider that asks `sf` again.
    /// The two commands run at once (each takes a second or more); when both fail, the
    /// display's sentence is the one given.
    func org(alias: String, source: String) async throws(CredentialError) -> OrgCredentials {
        async let token = outcome { () async throws(CredentialError) in try await accessToken(alias: alias) }
        let display = try await result(of: ["org", "display"], alias: alias, as: DisplayResult.self)
        guard let urlText = display.instanceUrl?.nonEmpty,
            let url = try? CredentialResolver.parseInstanceURL(urlText)
        else {
            throw .salesforceCLIFailed(
                "'sf org display --target-org \(alias)' gave no valid instance URL; "
                    + "sign in with 'sf org login web --alias \(alias)'.")
        }
        return OrgCredentials(
            instanceURL: url, accessToken: try await token.get(),
            apiVersion: display.apiVersion.flatMap { APIVersion(parsing: $0) }, source: source,
            tokenProvider: SalesforceCLITokenProvider(cli: self, alias: alias))
    }

    /// `work`'s value or typed error, for an `async let` (which would lose the error's type).
    private func outcome<Value>(
        _ work: () async throws(CredentialError) -> Value
    ) async -> Result<Value, CredentialError> {
        do { return .success(try await work()) } catch { return .failure(error) }
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

    /// The fields of `sf org display --json` that are used (its `accessToken` is redacted).
    private struct DisplayResult: Decodable, Sendable {
        var instanceUrl: String?
        var apiVersion: String?
    }

    private struct AccessTokenResult: Decodable, Sendable {
        var accessToken: String?
    }
}
