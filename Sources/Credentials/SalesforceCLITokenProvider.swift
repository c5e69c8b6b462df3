import RestCore

/// Renews an expired session by asking the Salesforce CLI again
/// (`sf org auth show-access-token`, which refreshes the token first).
public struct SalesforceCLITokenProvider: TokenProvider {
    /// The org alias or username `sf` is asked about.
    public let alias: String
    let cli: SalesforceCLI

    init(cli: SalesforceCLI, alias: String) {
        self.cli = cli
        self.alias = alias
    }

    public func renewToken(
        replacing staleToken: String, transport: any RestTransport, timeout: Duration
    ) async throws(TokenRenewalError) -> String {
        let cli = cli
        let alias = alias
        // `nil`: the time ran out first (the sf child is then torn down with its task).
        let outcome: Result<String, CredentialError>?
        do {
            outcome = try await withTimeout(timeout) { () async throws(RestClientError) in
                do throws(CredentialError) {
                    return .success(try await cli.accessToken(alias: alias))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            outcome = nil
        }
        let signIn = "sign in again with 'sf org login web --alias \(alias)'."
        switch outcome {
        case nil:
            throw TokenRenewalError(
                message: "the session expired and the Salesforce CLI gave no new token in time; try again or \(signIn)",
                isRefusal: false)
        case .failure(.salesforceCLIFailed(let detail))?:
            throw TokenRenewalError(
                message: "the session expired and the Salesforce CLI could not renew it: \(detail)", isRefusal: true)
        case .failure(let error)?:
            throw TokenRenewalError(
                message: "the session expired and the Salesforce CLI could not renew it: \(error)", isRefusal: true)
        case .success(let token)? where token == staleToken:
            throw TokenRenewalError(
                message: "the session expired and the Salesforce CLI still gives the refused token; \(signIn)",
                isRefusal: true)
        case .success(let token)?:
            return token
        }
    }
}
