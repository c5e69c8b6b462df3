import Foundation
import RestCore

extension SalesforceCLI {
    /// The credentials `sf org display --json --target-org ALIAS` gives.
    func orgDisplay(alias: String) async throws(CredentialError) -> OrgCredentials {
        let output = try await run(["org", "display", "--json", "--target-org", alias])
        let status = output.status
        guard let display = try? JSONDecoder().decode(DisplayOutput.self, from: Data(output.standardOutput)) else {
            throw .salesforceCLIFailed("sf org display exited with status \(status) and printed no JSON.")
        }
        guard status == 0, display.status ?? 0 == 0 else {
            let message = display.message.map { RestClientError.oneLine($0) } ?? "exit status \(status)"
            throw .salesforceCLIFailed("sf org display --target-org \(alias) failed: \(message)")
        }
        guard let urlText = display.result?.instanceUrl?.nonEmpty, let token = display.result?.accessToken?.nonEmpty
        else {
            throw .salesforceCLIFailed("sf org display --target-org \(alias) gave no instanceUrl and accessToken.")
        }
        let url: URL
        do {
            url = try CredentialResolver.parseInstanceURL(urlText)
        } catch {
            throw .salesforceCLIFailed("sf org display --target-org \(alias) gave an invalid instance URL.")
        }
        return OrgCredentials(instanceURL: url, accessToken: token, source: "sf org display (\(alias))")
    }

    /// The documented shape of `sf org display --json`.
    private struct DisplayOutput: Decodable {
        struct Result: Decodable {
            var instanceUrl: String?
            var accessToken: String?
        }
        var status: Int?
        var result: Result?
        var message: String?
    }
}
