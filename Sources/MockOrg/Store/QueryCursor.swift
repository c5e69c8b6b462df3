/// An open query: its resolved statement and the rows it selected, in order, served page by page.
struct QueryCursor {
    let query: SOQLQuery
    let rows: [Int32]
    var lastUsed: ContinuousClock.Instant
}
