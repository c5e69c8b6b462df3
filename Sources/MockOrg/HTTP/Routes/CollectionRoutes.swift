import Hummingbird

/// `composite/sobjects`, sObject Collections: DELETE `?ids=A,B&allOrNone=false`, POST creates and
/// PATCH updates (`{"allOrNone": …, "records": […]}`), up to 200 records, answered 200 with one
/// result per record. A collection request counts as one API call, and the fail fault applies to
/// the request as a whole.
struct CollectionRoutes {
    let store: OrgStore
    let faults: FaultInjector
    /// "Now" for record dates and date literals.
    var clock = WallClock.system

    func addRoutes(to api: some RouterMethods<APIContext>) {
        let collection = api.group("composite/sobjects")
        collection.refuseMethods(except: [.post, .patch, .delete])
        let writes = collection.group()
        if faults.failRate > 0 { writes.add(middleware: WriteFaultMiddleware(faults: faults)) }

        writes.delete { request, _ in
            let query = request.uri.query ?? ""
            guard let ids = FormDecoding.value("ids", inQuery: query) else {
                throw APIError(status: 400, "MISSING_ARGUMENT", "ids parameter is required")
            }
            let allOrNone = FormDecoding.value("allOrNone", inQuery: query)?.lowercased() == "true"
            let list = ids.split(separator: ",", omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
            return Response.json(try store.deleteCollection(ids: list, allOrNone: allOrNone))
        }
        writes.post { request, _ in
            Response.json(
                try store.createCollection(body: try await Self.bytes(of: request), now: clock.nowMillis()))
        }
        writes.patch { request, _ in
            Response.json(
                try store.updateCollection(body: try await Self.bytes(of: request), now: clock.nowMillis()))
        }
    }

    /// The body `BodyLimitMiddleware` collected already, as the store reads it.
    private static func bytes(of request: Request) async throws -> [UInt8] {
        Array(try await request.body.collect(upTo: .max).readableBytesView)
    }
}
