import HTTPTypes
import Hummingbird

/// `query` and `queryAll` (a SOQL statement's first page) and `query/{locator}-{offset}` (the
/// next pages of an open cursor), GET or HEAD.
struct QueryRoutes {
    static let queryOptionsHeader = HTTPField.Name("Sforce-Query-Options")!

    let store: OrgStore
    /// "Now" for record dates and date literals.
    var clock = WallClock.system

    func addRoutes(to api: some RouterMethods<APIContext>) {
        for (resource, includeDeleted) in [("query", false), ("queryAll", true)] {
            let group = api.group(RouterPath(resource))
            let firstPage = { @Sendable (request: Request, context: APIContext) throws -> Response in
                try self.firstPage(request, context, includeDeleted: includeDeleted)
            }
            group.getAndHead(use: firstPage)
            group.getAndHead("*", use: nextPage)
        }
    }

    private func firstPage(_ request: Request, _ context: APIContext, includeDeleted: Bool) throws -> Response {
        guard let soql = FormDecoding.value("q", inQuery: request.uri.query ?? "") else {
            throw APIError(status: 400, "MALFORMED_QUERY", "SOQL statements cannot be empty or null")
        }
        let page = try store.query(
            soql, includeDeleted: includeDeleted, batchSize: Self.batchSize(from: request.headers) ?? 2000,
            apiVersion: context.version, now: clock.nowMillis())
        return .json(page)
    }

    @Sendable private func nextPage(_ request: Request, _ context: APIContext) throws -> Response {
        // `{locator}-{offset}`: the cursor and how many of its rows were delivered already.
        let parts = PathComponents.last(of: request.uri.string).split(separator: "-", maxSplits: 1)
        guard parts.count == 2, let offset = Int(parts[1]) else { throw APIError.invalidQueryLocator }
        let page = try store.nextPage(
            locator: String(parts[0]), offset: offset, batchSize: Self.batchSize(from: request.headers),
            apiVersion: context.version)
        return .json(page)
    }

    /// The page size asked for in `Sforce-Query-Options: batchSize=N`, clamped to 200...2000; nil when not asked.
    static func batchSize(from headers: HTTPFields) -> Int? {
        guard let options = headers[queryOptionsHeader] else { return nil }
        for option in options.split(separator: ",") {
            let pair = option.split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0].trimmingSpaces.lowercased() == "batchsize",
                let size = Int(pair[1].trimmingSpaces)
            {
                return min(max(size, 200), 2000)
            }
        }
        return nil
    }
}
