/// A Salesforce REST API version. Read from every spelling the client meets, `66`, `66.0`
/// (the Salesforce CLI, the org's list of versions) and `v66.0` (the command line, data paths);
/// written as data paths spell it, `v66.0`; ordered as numbers, so `v9.0` < `v60.0`.
///
/// A string literal is a version too (`apiVersion: "v60.0"`), for code that names a fixed one;
/// text from outside goes through `init?(parsing:)`.
public struct APIVersion: Sendable, Hashable, Comparable, CustomStringConvertible, ExpressibleByStringLiteral {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int = 0) {
        self.major = major
        self.minor = minor
    }

    /// `"66"`, `"66.0"` or `"v66.0"`; nil for anything else (signs, spaces, a third part).
    public init?(parsing text: some StringProtocol) {
        let whole = Substring(text)
        let number = whole.hasPrefix("v") ? whole.dropFirst() : whole
        let parts = number.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy(Self.isDigits),
            let major = Int(parts[0]), let minor = parts.count == 2 ? Int(parts[1]) : 0
        else { return nil }
        self.init(major, minor)
    }

    /// A version written in code; a literal that is not one is a programming error.
    public init(stringLiteral value: String) {
        guard let version = APIVersion(parsing: value) else {
            preconditionFailure("\"\(value)\" is not an API version such as v66.0.")
        }
        self = version
    }

    /// `v66.0`, as in `/services/data/v66.0/query`.
    public var description: String {
        "v\(major).\(minor)"
    }

    public static func < (lhs: APIVersion, rhs: APIVersion) -> Bool {
        (lhs.major, lhs.minor) < (rhs.major, rhs.minor)
    }

    private static func isDigits(_ part: Substring) -> Bool {
        !part.isEmpty && part.count <= 9 && part.allSatisfy { $0.isASCII && $0.isNumber }
    }
}
