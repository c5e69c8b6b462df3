import Hummingbird

/// One org's state and its HTTP responder, independent of any socket (tests drive it in-process).
struct MockOrgInstance: Sendable {
    let store: OrgStore
    let tokens: TokenStore
    let responder: RouterResponder<MockOrgContext>
    let accessToken: String
    let refreshToken: String

    /// Generates the seed data and issues the first tokens.
    /// - Parameter instanceURL: how clients reach this org, reported by the OAuth endpoint.
    init(configuration: MockOrgConfiguration, instanceURL: @escaping @Sendable () -> String) {
        store = OrgStore(generator: SeedGenerator(seed: configuration.seed, contactCount: configuration.contacts))
        tokens = TokenStore(ttl: configuration.tokenTTL)
        accessToken = tokens.issueAccessToken(configuration.accessToken, pinned: true)
        refreshToken = tokens.issueRefreshToken()
        responder = OrgRouter.make(
            store: store, tokens: tokens, configuration: configuration,
            faults: FaultInjector(failRate: configuration.failRate, dropRate: configuration.dropRate),
            instanceURL: instanceURL
        ).buildResponder()
    }
}
