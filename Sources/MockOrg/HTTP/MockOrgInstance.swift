import Hummingbird

/// One org's state and its HTTP responder, independent of any socket (tests drive it in-process).
struct MockOrgInstance: Sendable {
    let responder: OrgResponder
    /// The org's data, which tests read behind the HTTP side's back.
    let store: OrgStore
    let accessToken: String
    let refreshToken: String
    /// The connected app's credentials, given or made at start.
    let clientID: String
    let clientSecret: String

    /// Generates the seed data and issues the first tokens.
    /// - Parameter instanceURL: how clients reach this org, reported by the OAuth endpoint.
    /// - Parameter stopping: raised when the org stops, so that a query in progress gives up.
    init(
        configuration: MockOrgConfiguration, stopping: StopFlag = StopFlag(),
        instanceURL: @escaping @Sendable () -> String
    ) {
        var generator = SeedGenerator(seed: configuration.seed, contactCount: configuration.contacts)
        if let recentEditsBefore = configuration.recentEditsBefore {
            generator.recentEditsBefore = Int64(recentEditsBefore.timeIntervalSince1970 * 1000)
        }
        store = OrgStore(
            generator: generator,
            cursorLifetime: configuration.cursorTTL ?? OrgStore.defaultCursorLifetime,
            validationRules: configuration.validationRules, queryTimeout: configuration.queryTimeout,
            stopping: stopping, recycleBinTTL: configuration.recycleBinTTL ?? OrgStore.defaultRecycleBinTTL,
            duplicateRule: configuration.duplicateRule)
        let tokens = TokenStore(ttl: configuration.tokenTTL, clock: configuration.clock)
        accessToken = tokens.issueAccessToken(configuration.accessToken, pinned: true)
        refreshToken = tokens.issueRefreshToken()
        let client = OAuthClient(configuration)
        clientID = client.id
        clientSecret = client.secret
        responder = OrgResponder(
            router: OrgRouter.make(
                store: store, tokens: tokens, client: client, configuration: configuration, instanceURL: instanceURL
            ).buildResponder())
    }
}
