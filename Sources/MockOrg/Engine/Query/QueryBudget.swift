/// How long one query may scan, and whether the org is stopping: a scan asks every few hundred
/// rows and gives up with `QUERY_TIMEOUT` (or `SERVER_UNAVAILABLE` when stopping), so that no
/// query holds the store's lock for long and none keeps a stopping org from exiting.
final class QueryBudget {
    /// Rows looked at between two looks at the clock and the flag: a row may cost microseconds
    /// (a few hundred LIKEs on a parent's field), and a stop must not wait for thousands of them.
    static let rowsPerCheck = 256

    static let timedOut = APIError(status: 400, "QUERY_TIMEOUT", "Your query request was running for too long.")

    private let deadline: ContinuousClock.Instant
    private let stopping: StopFlag
    private var rowsLeft = rowsPerCheck

    /// Starts the budget now; `limit` is how long the query may run. Throws at once when the org
    /// is stopping (queries that waited for the lock meanwhile give up without a row).
    init(_ limit: Duration, stopping: StopFlag) throws(APIError) {
        deadline = .now + limit
        self.stopping = stopping
        if stopping.isRaised { throw APIError.serverUnavailable }
    }

    /// Counts one row; every `rowsPerCheck` rows, throws when the time is up or the org stops.
    @inline(__always) func step() throws(APIError) {
        rowsLeft -= 1
        if rowsLeft > 0 { return }
        rowsLeft = Self.rowsPerCheck
        try check()
    }

    /// Throws when the time is up or the org stops.
    func check() throws(APIError) {
        if stopping.isRaised { throw APIError.serverUnavailable }
        if ContinuousClock.now >= deadline { throw Self.timedOut }
    }
}
