import RestCore

/// The query the list runs and where its latest run is: its generation, the cursor of its next
/// page, the org's count, the sort asked for and shown, a refresh's staged pages, and a restart
/// after an expired cursor.
///
/// Invariant: only pages of the current `generation` are applied (a refresh or a sort starts a
/// new one, and the answers of the old one are dropped); `nextRecordsURL` is the current run's
/// cursor, never sent again once it expired; `totalSize` is the org's count less the deletes
/// confirmed since the run began.
public struct QueryRun: Sendable {
    public let query: String
    /// The query's FROM object, which the org search returns (`SOSLText`), read once.
    let searchedObject: String
    public let batchSize: Int
    /// What the header calls the list: the list view's label, or "query" for a typed query.
    public internal(set) var title = "query"
    /// The org's list view shown, whose label is the title; nil for a typed query.
    public internal(set) var listView: ListViewChoice?
    /// The columns shown; their titles take the org's spelling of the fields once a page shows it.
    public internal(set) var columns: [Column]
    /// Whether the query's rows are records (`Column.rowsAreRecords`); else they are shown, never changed.
    public let rowsAreRecords: Bool
    /// The query's own top-level ORDER BY, when it leads with a visible column (`shownSort`).
    var querySort: ColumnSort?
    /// The order `s` sorted the rows in; nil while they come in the query's own order.
    public internal(set) var sort: ColumnSort?
    /// The order asked for with `s` whose first page is awaited, and that page's generation.
    var pendingSort: (order: ColumnSort, generation: Int)?
    /// Numbers the runs of the query: a refresh or a sort starts a new one.
    var generation = 0
    var nextRecordsURL: String?
    /// The run whose rest a bulk job was asked to read (`firstSyncThroughBulk`): once per run.
    var bulkSyncGeneration: Int?
    /// The org's latest word on that job (`handle(bulkJob:for:)`): its records processed so far.
    var bulkJob: (id: RestRequestID, processed: Int)?
    /// Set when an expired cursor restarted the query, until a next page of the new cursor
    /// arrives: a second expiry in a row shows the page error instead of restarting again.
    var restartedAfterExpiredCursor = false
    /// The org's count of records the query matches: the latest page's, less the deletes
    /// confirmed since the query ran.
    public internal(set) var totalSize = 0
    /// Whether the rows shown came from the local replica, and whether the org's replaced them.
    public internal(set) var cachedRowsStatus = CachedRowsStatus.none
    /// The org's records the current run's pages listed so far: where the next page's rows go in
    /// the replica's copy of the list.
    var listedCount = 0
    /// The incremental sync of a whole list shown from the replica, until its changes apply.
    var sync: IncrementalSync?
    /// Where the last incremental sync left the whole list (its stamp and each row's place), so
    /// that `r` and the end of a sync up ask only for what changed since.
    var lastSync: IncrementalSync?
    /// Deletes confirmed since the query last ran, which its later pages still count.
    var deletedSinceQueryRan = 0
    /// The pages of a refresh kept aside until they reach the selected record.
    var refreshStaging: RefreshStaging?
    /// Set while staged pages are applied, so that applying them asks for no page.
    var isReplayingStagedPages = false
    /// Set while the first page waits for the object's describe (`describesBeforeFirstPage`).
    var firstPageAwaitsDescribe = false
    /// The cascading relationships the rows of the latest run counted with subqueries; nil when
    /// they were not counted.
    var countedRelationships: [CascadingRelationship]?

    /// Whether the list shows the object's Recycle Bin (`--recycle-bin`): its pages come from
    /// `queryAll`, `U` restores the selected or marked rows, and `d` and `e` do nothing.
    var readsRecycleBin = false

    init(query: String, batchSize: Int) {
        self.query = query
        self.searchedObject = SOSLText.object(ofQuery: query)
        self.batchSize = batchSize
        self.columns = Column.visibleColumns(ofQuery: query)
        self.rowsAreRecords = Column.rowsAreRecords(ofQuery: query)
        self.querySort = ContactListModel.querySort(of: query, columns: columns)
    }

    /// Whether more pages of the current run remain.
    var hasMorePages: Bool { nextRecordsURL != nil }
}
