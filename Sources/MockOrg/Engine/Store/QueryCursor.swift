/// An open query: its resolved statement and the rows it selected, in order, served page by page.
struct QueryCursor {
    let query: SOQLQuery
    let rows: [Int32]
    /// The page size asked for when the query ran; later pages keep it unless a request asks otherwise.
    let batchSize: Int
    var lastUsed: ContinuousClock.Instant
}
