import Hummingbird

/// `search?q=SOSL`, GET or HEAD: the records a SOSL search finds, as `{"searchRecords":[…]}`.
struct SearchRoutes {
    let store: OrgStore
    /// "Now" for record dates and date literals.
    var clock = WallClock.system

    func addRoutes(to api: some RouterMethods<APIContext>) {
        api.group("search").getAndHead(use: search)
    }

    @Sendable private func search(_ request: Request, _ context: APIContext) throws -> Response {
        guard let sosl = FormDecoding.value("q", inQuery: request.uri.query ?? ""),
            !sosl.allSatisfy(\.isWhitespace)
        else {
            throw SOSLSearch.termTooShort
        }
        let search = try SOSLSearch(parsing: sosl)
        return .json(try store.search(search, apiVersion: context.version, now: clock.nowMillis()))
    }
}
