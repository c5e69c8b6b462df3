import Hummingbird

/// `sobjects` (describeGlobal), `sobjects/{type}` (basic info; POST creates), `sobjects/{type}/describe`
/// and `sobjects/{type}/{id}` (GET retrieves, PATCH updates, DELETE deletes). Writes pass the fail
/// fault first, when one is configured.
struct SObjectRoutes {
    let store: OrgStore
    let faults: FaultInjector

    func addRoutes(to api: some RouterMethods<APIContext>) {
        let objects = api.group("sobjects")
        objects.getAndHead { _, context in Response.json(Resources.describeGlobal(version: context.version)) }

        let object = objects.group(":type", context: SObjectContext.self)
        let writes = object.group()
        if faults.failRate > 0 { writes.add(middleware: WriteFaultMiddleware(faults: faults)) }

        object.getAndHead(alsoAllowed: [.post], use: basicInfo)
        writes.post(use: create)

        object.getAndHead("describe", use: describe)

        object.getAndHead(":id", alsoAllowed: [.patch, .delete], use: retrieve)
        writes.patch(":id", use: update)
        writes.delete(":id", use: delete)
    }

    @Sendable private func basicInfo(_ request: Request, _ context: SObjectContext) -> Response {
        .json(Resources.basicInfo(context.object, version: context.version))
    }

    @Sendable private func describe(_ request: Request, _ context: SObjectContext) -> Response {
        .json(Resources.describe(context.object, version: context.version))
    }

    @Sendable private func create(_ request: Request, _ context: SObjectContext) async throws -> Response {
        let body = try await Self.bytes(of: request)
        let reply = try store.create(context.object, body: body, now: WallClock.nowMillis())
        return .json(reply, status: .init(code: 201))
    }

    @Sendable private func retrieve(_ request: Request, _ context: SObjectContext) throws -> Response {
        let fields = FormDecoding.value("fields", inQuery: request.uri.query ?? "").map {
            $0.split(separator: ",").map(String.init)
        }
        return .json(
            try store.retrieve(context.object, id: Self.id(context), fields: fields, apiVersion: context.version))
    }

    @Sendable private func update(_ request: Request, _ context: SObjectContext) async throws -> Response {
        let body = try await Self.bytes(of: request)
        try store.update(context.object, id: Self.id(context), body: body, now: WallClock.nowMillis())
        return .noContent
    }

    @Sendable private func delete(_ request: Request, _ context: SObjectContext) throws -> Response {
        try store.delete(context.object, id: Self.id(context))
        return .noContent
    }

    private static func id(_ context: SObjectContext) -> String {
        context.parameters.get("id") ?? ""
    }

    /// The body `BodyLimitMiddleware` collected already, as the store reads it.
    private static func bytes(of request: Request) async throws -> [UInt8] {
        Array(try await request.body.collect(upTo: .max).readableBytesView)
    }
}
