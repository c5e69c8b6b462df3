import Foundation

extension SalesforceCLI {
    /// The default org from `sf config get target-org --json`; `nil` when `sf` is missing,
    /// fails, or has no default.
    func defaultTargetOrg() async -> String? {
        guard let output = try? await run(["config", "get", "target-org", "--json"]), output.status == 0,
            let answer = try? JSONDecoder().decode(ConfigAnswer.self, from: Data(output.standardOutput))
        else { return nil }
        return answer.result?.first { $0.name == "target-org" }?.value?.nonEmpty
    }

    /// `{"status":0,"result":[{"name":"target-org","value":"ALIAS",…}]}`; no `value` when unset.
    private struct ConfigAnswer: Decodable {
        struct Entry: Decodable {
            var name: String?
            var value: String?
        }
        var result: [Entry]?
    }
}
