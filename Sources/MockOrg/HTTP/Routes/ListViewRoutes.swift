import Hummingbird

/// `sobjects/{type}/listviews` (a page of the object's views), `listviews/recent`, `listviews/{id}`,
/// `listviews/{id}/describe` and `listviews/{id}/results` (`limit` 1 to 2000, default 25; `offset`
/// 0 to 2000, default 0). An unknown view is 404 `NOT_FOUND`.
struct ListViewRoutes {
    let store: OrgStore
    let catalog: ListViewCatalog
    var clock = WallClock.system

    /// The results resource's bounds, as the REST API Developer Guide gives them.
    static let limitRange = 1...2000
    static let defaultLimit = 25
    static let maxOffset = 2000

    func addRoutes<Context: DataAPIRequestContext>(
        to routes: some RouterMethods<Context>, object: @escaping @Sendable (Context) -> SObjectType
    ) {
        routes.getAndHead("listviews") { request, context in
            let query = request.uri.query ?? ""
            let offset = try Self.number("offset", in: query, default: 0, range: 0...Int.max)
            let pageSize = try Self.number("limit", in: query, default: catalog.pageSize, range: 1...catalog.pageSize)
            let type = object(context)
            let path = "/services/data/" + context.version + "/sobjects/" + type.name + "/listviews"
            return Response.json(
                ListViewDocuments.list(
                    catalog.views(of: type), object: type, offset: offset, pageSize: pageSize,
                    version: context.version, path: path))
        }
        routes.getAndHead("listviews/recent") { _, context in
            let type = object(context)
            let recent = catalog.recent(of: type)
            return Response.json(
                ListViewDocuments.list(
                    recent, object: type, offset: 0, pageSize: max(1, recent.count), version: context.version, path: "")
            )
        }
        routes.getAndHead("listviews/*") { request, context in
            Response.json(ListViewDocuments.basicInfo(try listView(request, object(context)), version: context.version))
        }
        routes.getAndHead("listviews/*/describe") { request, context in
            let view = try listView(request, object(context))
            catalog.markViewed(view)
            return Response.json(ListViewDocuments.describe(view))
        }
        routes.getAndHead("listviews/*/results") { request, context in
            let view = try listView(request, object(context))
            let query = request.uri.query ?? ""
            let limit = try Self.number("limit", in: query, default: Self.defaultLimit, range: Self.limitRange)
            let offset = try Self.number("offset", in: query, default: 0, range: 0...Self.maxOffset)
            let page = try store.listViewRows(view, offset: offset, limit: limit, now: clock.nowMillis())
            catalog.markViewed(view)
            return Response.json(ListViewDocuments.results(view, rows: page.rows, done: !page.more))
        }
    }

    /// The view the path names (`…/listviews/{id}/…`), of `object`.
    private func listView(_ request: Request, _ object: SObjectType) throws -> ListView {
        // services/data/vNN.N/sobjects/{type}/listviews/{id}
        guard let id = PathComponents.component(6, of: request.uri.string), let view = catalog.view(id, of: object)
        else {
            throw APIError.notFound
        }
        return view
    }

    /// The whole number `name` in the query, `fallback` when absent; outside `range` it is refused.
    private static func number(
        _ name: String, in query: String, default fallback: Int, range: ClosedRange<Int>
    ) throws(APIError) -> Int {
        guard let text = FormDecoding.value(name, inQuery: query) else { return fallback }
        guard let value = Int(text.trimmingSpaces) else {
            throw APIError(
                status: 400, "INVALID_PARAMETER_VALUE", "The value of " + name + " must be a whole number: " + text)
        }
        guard range.contains(value) else {
            let bounds =
                range.upperBound == Int.max
                ? "at least " + String(range.lowerBound)
                : "between " + String(range.lowerBound) + " and " + String(range.upperBound)
            throw APIError(status: 400, "NUMBER_OUTSIDE_VALID_RANGE", name + " must be " + bounds + ": " + text)
        }
        return value
    }
}
