import RestCore

/// A large list's first sync through a Bulk API 2.0 query job, as `list` switches by itself: when
/// the first page of a replicated list says the query matches more than `bulkSyncThreshold`
/// records and pages remain, the rest is not paged; the runner reads the list's page query as a
/// job (`readBulk`) and hands its pieces back as pages (`handle(bulkPage:for:)`). The first
/// piece replaces the rows (it starts the list again, from the same first rows), each piece is
/// kept as a page, the last one makes the list whole. A job that cannot run leaves the list to
/// REST paging, from the first page's cursor. A run of the list that replaces it (`r`, `:`, a
/// resync) cancels the read (`dropPageRequests`), and the runner aborts its job at the org.
extension ContactListModel {
    /// Above this many records, with pages left, a replicated list syncs through a bulk job.
    public static let bulkSyncThreshold = 50_000

    /// Whether a bulk job of the current run is still handing pieces over.
    var readsBulk: Bool {
        inFlight.values.contains {
            if case .bulkPages(let generation, _) = $0 { return generation == run.generation }
            return false
        }
    }

    /// The job for the rest of a replicated list whose first page says it is large; nil when
    /// paging goes on (a small list, a list not replicated, a job already asked for this run).
    mutating func firstSyncThroughBulk() -> [ContactListEffect]? {
        guard replicatesList, run.nextRecordsURL != nil, run.totalSize > Self.bulkSyncThreshold,
            run.listedCount <= batchSize, run.bulkSyncGeneration != run.generation, !isLoading,
            !run.isReplayingStagedPages, run.refreshStaging == nil
        else { return nil }
        run.bulkSyncGeneration = run.generation
        let id = RestRequestID()
        inFlight[id] = .bulkPages(generation: run.generation, applied: false)
        return [.readBulk(soql: pageQuery(query), expectedRecords: run.totalSize, id: id)]
    }

    /// A poll's answer for the bulk job `id`: the header shows how far the org's job has got
    /// until its first piece comes (`bulkJobLabel`), so that a long job is not a frozen bar.
    public mutating func handle(bulkJob job: BulkQueryJob, for id: RestRequestID) {
        guard awaitsFirstPiece(id) else { return }
        run.bulkJob = (id, job.numberRecordsProcessed)
    }

    /// Whether `id` is this run's bulk read and no piece of it has come yet.
    private func awaitsFirstPiece(_ id: RestRequestID) -> Bool {
        guard case .bulkPages(let generation, false)? = inFlight[id] else { return false }
        return generation == run.generation
    }

    /// `bulk job 42,000 processed` while the run's job works and no piece of it has come; nil
    /// otherwise (no job, its pieces coming, or it ended, was cancelled or belongs to an older run).
    var bulkJobLabel: String? {
        guard let job = run.bulkJob, awaitsFirstPiece(job.id) else { return nil }
        return "bulk job \(GroupedNumber.text(job.processed)) processed"
    }

    /// A piece of the bulk job `id` as a page (`done` on the last), or how the job failed. A job
    /// that failed before any piece (a query bulk cannot run, a failed job, a piece not
    /// understood) leaves the list to REST paging from the first page's cursor; after one, the
    /// list stays as far as it got. Either way the status line says why, in one sentence.
    public mutating func handle(
        bulkPage result: Result<QueryResult, BulkQueryError>, for id: RestRequestID
    ) -> [ContactListEffect] {
        guard case .bulkPages(let generation, let applied)? = inFlight[id], generation == run.generation else {
            return []
        }
        switch result {
        case .success(let page):
            inFlight[id] = page.done ? nil : .bulkPages(generation: generation, applied: true)
            return applyPage(page, replacing: !applied, restarting: !applied)
        case .failure(let error):
            inFlight[id] = nil
            let reason = error.description.withoutFinalFullStop
            guard applied else {
                notices.statusMessage = "\(reason); the rest of the list is read page by page instead."
                return loadMoreIfNeeded()
            }
            notices.statusMessage = "Could not load the rest of the list: \(reason) — r to retry"
            return []
        }
    }
}
