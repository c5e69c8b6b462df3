import Hummingbird

/// `sobjects` (describeGlobal), `sobjects/{type}` (basic info; POST creates), `sobjects/{type}/describe`,
/// `describe/compactLayouts/primary`, the list views (`ListViewRoutes`), `sobjects/{type}/deleted/` and `…/updated/`
/// (Get Deleted and Get Updated) and `sobjects/{type}/{id}` (GET retrieves, PATCH updates, DELETE deletes). Writes pass the fail
/// fault first, when one is configured.
///
/// Each object of the schema has its routes under its own name (`sobjects/Contact/*`), which the
/// router matches as text, and the id is read from the path: no named parameter on the paths
/// clients use. A `:type` group takes any other spelling (`contact`); an unknown object is 404 there,
/// before its method is looked at.
struct SObjectRoutes {
    let store: OrgStore
    let faults: FaultInjector
    /// "Now" for record dates and date literals.
    var clock = WallClock.system
    /// The object's list views, under `sobjects/{type}/listviews`.
    var listViews: ListViewRoutes?

    func addRoutes(to api: some RouterMethods<APIContext>) {
        let objects = api.group("sobjects")
        objects.getAndHead { _, context in Response.json(Resources.describeGlobal(version: context.version)) }
        for object in SObjectType.allCases {
            addRoutes(to: objects.group(RouterPath(object.name))) { _ in object }
        }
        addRoutes(to: objects.group(":type", context: SObjectContext.self)) { context in context.object }
    }

    /// The routes of one object, which `object` reads from the request's context.
    private func addRoutes<Context: DataAPIRequestContext>(
        to routes: some RouterMethods<Context>, object: @escaping @Sendable (Context) -> SObjectType
    ) {
        let writes = routes.group()
        if faults.failRate > 0 { writes.add(middleware: WriteFaultMiddleware(faults: faults)) }

        routes.getAndHead(alsoAllowed: [.post]) { _, context in
            Response.json(Resources.basicInfo(object(context), version: context.version))
        }
        writes.post { request, context in
            let body = try await Self.bytes(of: request)
            return Response.json(
                try store.create(object(context), body: body, now: clock.nowMillis()), status: .init(code: 201))
        }

        routes.getAndHead("describe") { _, context in
            Response.json(Resources.describe(object(context), version: context.version))
        }
        routes.getAndHead("describe/compactLayouts/primary") { _, context in
            Response.json(CompactLayoutDocument.primary(object(context)))
        }
        listViews?.addRoutes(to: routes, object: object)

        // Get Deleted and Get Updated: constant paths, matched before the record id's wildcard.
        let replication: [(String, @Sendable (SObjectType, String?, String?, Int64) throws(APIError) -> [UInt8])] = [
            ("deleted", store.deletedRecords), ("updated", store.updatedRecords),
        ]
        for (resource, answer) in replication {
            routes.getAndHead(RouterPath(resource)) { request, context in
                let query = request.uri.query ?? ""
                return Response.json(
                    try answer(
                        object(context), FormDecoding.value("start", inQuery: query),
                        FormDecoding.value("end", inQuery: query), clock.nowMillis()))
            }
        }

        routes.getAndHead("*", alsoAllowed: [.patch, .delete]) { request, context in
            let fields = FormDecoding.value("fields", inQuery: request.uri.query ?? "").map {
                $0.split(separator: ",").map(String.init)
            }
            // An unreadable If-Modified-Since is ignored, as HTTP says.
            let since = request.headers[.ifModifiedSince].flatMap(HTTPDate.millis)
            return Response.json(
                try store.retrieve(
                    object(context), id: Self.id(request), fields: fields, apiVersion: context.version,
                    ifModifiedSince: since))
        }
        writes.patch("*") { request, context in
            let body = try await Self.bytes(of: request)
            try store.update(
                object(context), id: Self.id(request), body: body, now: clock.nowMillis(),
                ifUnmodifiedSince: try Self.ifUnmodifiedSince(request))
            return Response.noContent
        }
        writes.delete("*") { request, context in
            try store.delete(object(context), id: Self.id(request))
            return Response.noContent
        }
    }

    /// The instant of `If-Unmodified-Since`, nil without one; 400 when it is not an HTTP date.
    private static func ifUnmodifiedSince(_ request: Request) throws(APIError) -> Int64? {
        guard let text = request.headers[.ifUnmodifiedSince] else { return nil }
        guard let millis = HTTPDate.millis(text) else {
            throw APIError(
                status: 400, "INVALID_HEADER",
                "If-Unmodified-Since must be an HTTP date such as Sun, 06 Nov 1994 08:49:37 GMT, not: " + text)
        }
        return millis
    }

    /// The record's id: the last component of `sobjects/{type}/{id}`.
    private static func id(_ request: Request) -> String {
        PathComponents.last(of: request.uri.string)
    }

    /// The body `BodyLimitMiddleware` collected already, as the store reads it.
    private static func bytes(of request: Request) async throws -> [UInt8] {
        Array(try await request.body.collect(upTo: .max).readableBytesView)
    }
}
