import Foundation

/// The org's API requests of the last 24 hours against its daily limit, as Salesforce reports
/// them on every answer in `Sforce-Limit-Info: api-usage=USED/MAX`.
public struct APIUsage: Sendable, Hashable {
    public var used: Int
    public var max: Int

    public init(used: Int, max: Int) {
        self.used = used
        self.max = max
    }

    /// The `api-usage` item of a `Sforce-Limit-Info` value (other items such as
    /// `per-app-api-usage` are skipped); nil when there is no well-formed one.
    public init?(limitInfo: String) {
        for item in limitInfo.split(whereSeparator: { $0 == ";" || $0 == "," }) {
            let pair = item.trimmingCharacters(in: .whitespaces).split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0] == "api-usage" else { continue }
            let numbers = pair[1].split(separator: "/", omittingEmptySubsequences: false)
            guard numbers.count == 2, let used = Int(numbers[0]), let max = Int(numbers[1]), used >= 0, max > 0
            else { return nil }
            self.init(used: used, max: max)
            return
        }
        return nil
    }

    /// How much of the limit is used, 0 to 1 (more when the org lets it run over).
    public var fraction: Double {
        Double(used) / Double(max)
    }
}
