/// A fault a test aims at one resource, whatever the rates: every data API request with `method`
/// whose path contains `pathPart` (`/describe`, `/jobs/query/`) answers 500 `UNKNOWN_EXCEPTION`,
/// nothing read or applied, so that a test can fail the describes or a job's polls alone and see
/// what the client does next. A composite's subrequests never meet it; the composite itself does.
public struct MockOrgRequestFault: Sendable, Hashable {
    public var method: String
    public var pathPart: String

    public init(method: String, pathPart: String) {
        self.method = method
        self.pathPart = pathPart
    }

    func matches(method: String, path: String) -> Bool {
        method == self.method && path.contains(pathPart)
    }
}
