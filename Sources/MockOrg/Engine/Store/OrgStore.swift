import Synchronization

/// The org's state behind one lock: tables, cached sort orders and open query cursors.
/// Every operation takes the lock once, so concurrent requests see one order of events
/// (two deletes of one record: exactly one succeeds).
final class OrgStore: Sendable {
    struct State: ~Copyable {
        var tables: OrgTables
        /// How long an unused query cursor stays open.
        let cursorLifetime: Duration
        /// Permutations of all rows per ORDER BY, valid while the tables' `sortGeneration` is unchanged.
        var sortCache: [String: [Int32]] = [:]
        var cachedSortGeneration = 0
        /// The rows of unfiltered queries without LIMIT per ORDER BY, valid while the tables'
        /// `writeGeneration` is unchanged (a delete makes the next such query scan again; it does not
        /// edit the kept arrays, which open cursors share).
        var unfilteredCache: [String: [Int32]] = [:]
        var unfilteredGeneration = -1
        /// The JSON text of records as pages show them.
        var fragments = RecordFragments()
        /// The text of fields that LIKE filters read.
        var textColumns = TextColumns()
        /// The bits that spare a SOSL search reading most rows' fields.
        var searchSignatures: SearchSignatures
        var cursors: [String: QueryCursor] = [:]
        var lastCursorExpiry = ContinuousClock.now
        var nextCursorSerial = 1
        /// Deleted records in the order they were deleted, with their delete's stamp: what a purge
        /// sweeps from the front. An entry whose record was undeleted since stays until swept.
        var recycleBin: [(record: RecordKey, deletedDate: Int64)] = []
    }

    static let maxCursors = 64
    /// How long an unused query cursor stays open, as on Salesforce.
    static let defaultCursorLifetime = Duration.seconds(15 * 60)
    static let maxCachedOrders = 8

    // The tables are a class only used while this mutex is held, hence `Mutex` and not a Sendable state.
    let state: Mutex<State>
    /// Statements parsed already; outside `state` so that parsing never holds the tables' lock.
    let statements = ParsedStatements()
    /// Rules every write must pass (`FIELD_CUSTOM_VALIDATION_EXCEPTION`).
    let validationRules: ValidationRules
    /// How long one query or search may scan under the lock before it answers `QUERY_TIMEOUT`.
    let queryTimeout: Duration
    /// Raised when the org stops: a scan in progress gives up.
    let stopping: StopFlag
    /// How long a deleted record stays in the Recycle Bin, in milliseconds.
    let recycleBinTTL: Int64
    /// Whether Contact's duplicate rule refuses duplicates (`checkDuplicate`).
    let duplicateRule: Bool

    /// Salesforce's: a query still running after this is ended.
    static let defaultQueryTimeout = Duration.seconds(10)

    /// - Parameter cursorLifetime: how long an unused query cursor stays open (tests shorten it).
    init(
        generator: SeedGenerator, cursorLifetime: Duration = defaultCursorLifetime,
        validationRules: [MockOrgValidationRule] = [], queryTimeout: Duration = defaultQueryTimeout,
        stopping: StopFlag = StopFlag(), recycleBinTTL: Duration = OrgStore.defaultRecycleBinTTL,
        duplicateRule: Bool = true
    ) {
        self.stopping = stopping
        self.duplicateRule = duplicateRule
        self.recycleBinTTL =
            recycleBinTTL.components.seconds * 1000 + recycleBinTTL.components.attoseconds / 1_000_000_000_000_000
        self.validationRules = ValidationRules(validationRules)
        self.queryTimeout = queryTimeout
        let tables = OrgTables(generator: generator)
        state = Mutex(
            State(tables: tables, cursorLifetime: cursorLifetime, searchSignatures: SearchSignatures(tables: tables)))
    }

    /// Runs `body` with the lock held.
    func withTables<T: Sendable>(_ body: (OrgTables) throws(APIError) -> T) throws(APIError) -> T {
        try state.withLock { (state: inout State) throws(APIError) -> T in try body(state.tables) }
    }
}
