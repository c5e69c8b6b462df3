import Hummingbird

/// The mock org's HTTP side: Hummingbird's router with the org's middleware and a route group per
/// resource. The order of the middleware is the order a request meets them: gzip (outermost, so
/// that every answer can be compressed), the Host header's check (against DNS rebinding), a test's answer gate, latency, the drop and lost-reply faults, the body limit,
/// then (under the data API) the unavailable fault, authentication, the API usage count and the
/// version read from the path and checked, and a test's aimed faults (`requestFaults`); the org's own 404 comes last, on the router's
/// not-found path only. A composite's subrequests meet only the version and the routes
/// (`subrequestRouter`): the composite was authenticated and counted once.
enum OrgRouter {
    static func make(
        store: OrgStore, tokens: TokenStore, client: OAuthClient, configuration: MockOrgConfiguration,
        instanceURL: @escaping @Sendable () -> String
    ) -> Router<MockOrgContext> {
        let faults = FaultInjector(
            failRate: configuration.failRate, dropRate: configuration.dropRate,
            loseReplyRate: configuration.loseReplyRate, unavailableRate: configuration.unavailableRate,
            seed: configuration.faultSeed)
        let usage = APIUsage(limit: configuration.apiLimit)
        let router = Router(context: MockOrgContext.self)
        if configuration.compression { router.add(middleware: GzipMiddleware()) }
        router.add(middleware: HostCheckMiddleware(host: configuration.host, instanceURL: instanceURL))
        // A fault that is not configured costs nothing: its middleware is not there.
        if let gate = configuration.answerGate { router.add(middleware: AnswerGateMiddleware(gate: gate)) }
        if configuration.latency > .zero { router.add(middleware: LatencyMiddleware(latency: configuration.latency)) }
        if faults.dropRate > 0 || faults.loseReplyRate > 0 {
            router.add(middleware: ConnectionFaultMiddleware(faults: faults))
        }
        router.add(middleware: BodyLimitMiddleware(maxBodySize: configuration.maxBodySize))

        let versions = VersionRoutes(newestVersion: configuration.maxAPIVersion ?? Resources.newestVersion)
        versions.addVersions(to: router)
        // The version, the object's id and the cursor's locator are wildcards that the routes read
        // from the path themselves (`PathComponents`): a named parameter costs an entry in the
        // router's parameter dictionary on every request.
        let authenticated = router.group("services/data/*")
        if faults.unavailableRate > 0 { authenticated.add(middleware: UnavailableMiddleware(faults: faults)) }
        authenticated.add(middleware: AuthenticationMiddleware(tokens: tokens))
            .add(middleware: APIUsageMiddleware(usage: usage))
            .add(middleware: APIVersionMiddleware(newestVersion: configuration.maxAPIVersion))
        if !configuration.requestFaults.isEmpty {
            authenticated.add(middleware: RequestFaultMiddleware(faults: configuration.requestFaults))
        }
        let addDataAPI = dataAPI(store: store, faults: faults, usage: usage, configuration: configuration)
        addDataAPI(authenticated.group(context: APIContext.self))
        CompositeRoutes(
            subrequests: OrgResponder(
                router: subrequestRouter(newestVersion: configuration.maxAPIVersion, addDataAPI: addDataAPI)
                    .buildResponder())
        )
        .addRoutes(to: authenticated)

        OAuthRoutes(
            tokens: tokens, client: client, scheme: configuration.tls == nil ? "http" : "https",
            instanceURL: instanceURL, rotatesRefreshTokens: configuration.rotatesRefreshTokens
        )
        .addRoutes(to: router.group("services/oauth2", context: OAuthContext.self))
        SOAPRoutes(
            store: store, tokens: tokens, newestVersion: configuration.maxAPIVersion ?? Resources.newestVersion
        )
        .addRoutes(to: router)
        // Added after the routes, so that only a request no route matches passes it.
        router.add(middleware: NotFoundMiddleware())
        return router
    }

    /// What adds the data API's routes to a group: the one set of routes (and the one set of bulk
    /// jobs) the API and a composite's subrequests share.
    private static func dataAPI(
        store: OrgStore, faults: FaultInjector, usage: APIUsage, configuration: MockOrgConfiguration
    ) -> (RouterGroup<APIContext>) -> Void {
        let versions = VersionRoutes(newestVersion: configuration.maxAPIVersion ?? Resources.newestVersion)
        let clock = configuration.clock.map(WallClock.init) ?? .system
        let catalog = ListViewCatalog(
            added: configuration.listViews, ownerID: MockOrgConfiguration.orgUserID,
            pageSize: configuration.listViewPageSize)
        let jobs = BulkQueryJobs(store: store, delay: configuration.bulkDelay, failure: configuration.bulkFailure)
        return { api in
            versions.addResources(to: api)
            LimitsRoutes(usage: usage).addRoutes(to: api)
            QueryRoutes(store: store, clock: clock).addRoutes(to: api)
            SearchRoutes(store: store, clock: clock).addRoutes(to: api)
            SObjectRoutes(
                store: store, faults: faults, clock: clock,
                listViews: ListViewRoutes(store: store, catalog: catalog, clock: clock)
            ).addRoutes(to: api)
            CollectionRoutes(store: store, faults: faults, clock: clock).addRoutes(to: api)
            BulkQueryRoutes(jobs: jobs).addRoutes(to: api)
        }
    }

    /// The data API as a composite's subrequests meet it: the version read from the path, then the
    /// routes; the composite itself passed authentication, the usage count and the faults.
    private static func subrequestRouter(
        newestVersion: Int?, addDataAPI: (RouterGroup<APIContext>) -> Void
    ) -> Router<MockOrgContext> {
        let router = Router(context: MockOrgContext.self)
        let data = router.group("services/data/*").add(middleware: APIVersionMiddleware(newestVersion: newestVersion))
        addDataAPI(data.group(context: APIContext.self))
        router.add(middleware: NotFoundMiddleware())
        return router
    }
}
