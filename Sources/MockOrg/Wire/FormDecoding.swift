import Foundation

/// Decoding of `application/x-www-form-urlencoded` text (URL queries and form bodies).
enum FormDecoding {
    /// The name-value pairs, `+` read as a space and percent escapes decoded.
    static func pairs(_ text: some StringProtocol) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            let value = parts.count > 1 ? decode(parts[1]) : ""
            return (name, value)
        }
    }

    static func decode(_ text: some StringProtocol) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    static func value(_ name: String, in pairs: [(name: String, value: String)]) -> String? {
        pairs.first { $0.name == name }?.value
    }
}
