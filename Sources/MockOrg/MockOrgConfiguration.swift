import Foundation

/// How a mock org is seeded, where it listens and which faults it injects.
public struct MockOrgConfiguration: Sendable {
    /// The address to bind; loopback unless a caller asks otherwise.
    public var host: String
    /// The port to bind; 0 picks a free one.
    public var port: Int
    /// How many Contacts to generate (Accounts and Cases scale with it).
    public var contacts: Int
    /// The seed of the deterministic data generator.
    public var seed: UInt64
    /// The access token clients must present; nil generates one at start.
    public var accessToken: String?
    /// How long an access token stays valid; nil means forever.
    public var tokenTTL: Duration?
    /// A delay added to every request.
    public var latency: Duration
    /// Holds the answers to the requests it matches until a test opens it; nil holds none.
    public var answerGate: AnswerGate?
    /// The probability that a write fails with 400 `UNABLE_TO_LOCK_ROW`.
    public var failRate: Double
    /// The probability that a request's connection is closed with no response.
    public var dropRate: Double
    /// The probability that a write is applied, then its connection closed with no response.
    public var loseReplyRate: Double
    /// The probability that a data API request gets 503 `SERVER_UNAVAILABLE`, nothing applied.
    public var unavailableRate: Double
    /// The seed of the faults' draws, so that a test meets the same faults on every run; nil
    /// draws a new seed at start.
    public var faultSeed: UInt64?
    /// How long an unused query cursor stays open; nil keeps Salesforce's 15 minutes.
    public var cursorTTL: Duration?
    /// How long a deleted record stays in the Recycle Bin before it is purged; nil keeps
    /// Salesforce's 15 days.
    public var recycleBinTTL: Duration?
    /// Whether a Contact with the first name, last name and email of a live one is refused with
    /// `DUPLICATES_DETECTED`, as Salesforce's standard duplicate rule does.
    public var duplicateRule = true
    /// The daily API request limit; requests past it get 403 `REQUEST_LIMIT_EXCEEDED`.
    public var apiLimit: Int
    /// The largest request body accepted; larger bodies get 413.
    public var maxBodySize: Int
    /// Validation rules writes must pass, as an org's admin sets them up.
    public var validationRules: [MockOrgValidationRule] = []
    /// Whether a refresh answer carries a new refresh token, the one it replaces no longer working.
    public var rotatesRefreshTokens = false
    /// The connected app's consumer key that the password and client-credentials grants require;
    /// nil generates one at start (`MockOrgEndpoint.clientID`).
    public var clientID: String?
    /// The connected app's secret that the password and client-credentials grants require, and a
    /// refresh too when it is given here; nil generates one at start (`MockOrgEndpoint.clientSecret`),
    /// which a refresh then does not need (the refresh token is its credential).
    public var clientSecret: String?
    /// The user the password grant accepts, with `password` (and the client's id and secret).
    public var username = "demo@example.com"
    public var password = "demo"
    /// How long one query or search may run before it answers 400 `QUERY_TIMEOUT`, as Salesforce
    /// does (tests shorten it).
    public var queryTimeout: Duration = .seconds(10)
    /// The newest API version served (e.g. 60 for v60.0); nil serves up to the newest MockOrg knows.
    public var maxAPIVersion: Int?
    /// How long a Bulk API 2.0 query job stays `InProgress`, so that polling and progress can be seen.
    public var bulkDelay: Duration = .zero
    /// When set, every Bulk API 2.0 query job ends `Failed` with this `errorMessage`.
    public var bulkFailure: String?
    /// Requests that fail whatever the rates (`MockOrgRequestFault`): a test's aim at one resource.
    public var requestFaults: [MockOrgRequestFault] = []

    /// The Id of the org's own user, the one every access token stands for: it owns about a fifth
    /// of the seeded records and is `CreatedById`, `LastModifiedById` and `OwnerId` of every
    /// record a client writes. The same in every org.
    public static let orgUserID = SalesforceID.make(keyPrefix: SObjectType.user.keyPrefix, serial: 1)
    /// The instant the seed's recent edits lead up to (about one record in twelve was last changed
    /// in the week before it); nil is a fixed instant after every seeded date (2025-04-30), so the
    /// same seed gives the same dates in every run, a restart included, whatever the clock says.
    public var recentEditsBefore: Date?

    /// The versions MockOrg serves, `"31.0"` and `"66.0"`, for messages.
    public static let servedVersions = (oldest: "\(Resources.oldestVersion).0", newest: "\(Resources.newestVersion).0")

    /// 60 for `60.0`, `v60.0` or `60`, when MockOrg serves that version; nil otherwise.
    public static func apiVersionNumber(_ text: String) -> Int? {
        let version = (text.hasPrefix("v") ? "" : "v") + text + (text.contains(".") ? "" : ".0")
        return Resources.isSupported(version: version) ? Resources.versionNumber(version) : nil
    }
    /// Whether answers are compressed with gzip for requests that accept it (as Salesforce
    /// does); off, every answer goes uncompressed (the bench's baseline).
    public var compression = true
    /// List views the org has besides the seeded ones (`--list-view`).
    public var listViews: [MockOrgListView] = []
    /// How many list views one page of `sobjects/OBJECT/listviews` lists.
    public var listViewPageSize = 25
    /// The org's clock (record dates, `TODAY`, `THIS_WEEK`); nil reads the system's. Tests pin it.
    public var clock: (@Sendable () -> Date)?
    /// Serve https with this certificate; nil serves plain http.
    public var tls: MockOrgTLS?

    /// Makes a configuration; every parameter has the default a local demo wants.
    public init(
        host: String = "127.0.0.1", port: Int = 0, contacts: Int = 200, seed: UInt64 = 1,
        accessToken: String? = nil, tokenTTL: Duration? = nil, latency: Duration = .zero,
        failRate: Double = 0, dropRate: Double = 0, loseReplyRate: Double = 0, unavailableRate: Double = 0,
        cursorTTL: Duration? = nil, apiLimit: Int = 15_000, tls: MockOrgTLS? = nil
    ) {
        self.host = host
        self.port = port
        self.contacts = contacts
        self.seed = seed
        self.accessToken = accessToken
        self.tokenTTL = tokenTTL
        self.latency = latency
        self.failRate = failRate
        self.dropRate = dropRate
        self.loseReplyRate = loseReplyRate
        self.unavailableRate = unavailableRate
        self.cursorTTL = cursorTTL
        self.apiLimit = apiLimit
        self.maxBodySize = 1 << 20
        self.tls = tls
    }
}
