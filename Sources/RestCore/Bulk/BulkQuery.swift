import HTTPTypes

/// A Bulk API 2.0 query: creates the job, polls it with back-off until it is complete, and hands
/// its CSV results over in order, reading several pieces at once (`piecesAtOnce`) of those
/// `resultPages` lists (API 58.0 and later; piece by piece through `Sforce-Locator` before), or
/// as one stream (`streamResults`). Every failure is a
/// `BulkQueryError`; cancelling the calling task stops it (`abort` then ends the job at the org).
public struct BulkQuery: Sendable {
    /// `Sforce-Locator`: the next piece's locator, `null` on the last.
    public static let locatorHeader = HTTPField.Name("Sforce-Locator")!
    public static let numberOfRecordsHeader = HTTPField.Name("Sforce-NumberOfRecords")!
    /// The first API version with `resultPages`.
    public static let resultPagesVersion = APIVersion(58)

    public let client: RestClient
    /// Records per piece of results; nil leaves the size to the org, which makes its pieces as
    /// large as its service allows (by bytes). Every piece is one call against the org's daily
    /// API allowance, as are the job's create, each poll and each `resultPages`.
    public var maxRecords: Int?
    /// The first wait between polls and the longest (`BulkPollSchedule`).
    public var firstPoll: Duration
    public var longestPoll: Duration
    /// Pieces read at once: each is held whole until those before it are handed over, so this
    /// bounds the memory a job's results take (a piece is up to 32 MB of CSV), the piece being
    /// handed over counted: two read the next piece while the current one is handed over.
    public var piecesAtOnce = 2

    public init(
        client: RestClient, maxRecords: Int? = nil, firstPoll: Duration = .milliseconds(50),
        longestPoll: Duration = .seconds(5)
    ) {
        self.client = client
        self.maxRecords = maxRecords
        self.firstPoll = firstPoll
        self.longestPoll = longestPoll
    }

    /// Creates the job. A 400 is the org refusing the query (`unsupportedQuery`).
    public func create(
        _ soql: String, operation: BulkQueryOperation = .query
    ) async throws(BulkQueryError)
        -> BulkQueryJob
    {
        let response: RestResponse
        do {
            response = try await client.send(client.requestForCreateBulkQueryJob(soql, operation: operation))
        } catch let error where error.httpStatus == 400 {
            throw .unsupportedQuery(error)
        } catch {
            throw .requestFailed(error)
        }
        return try Self.job(in: response)
    }

    /// The job as the org describes it now.
    public func job(_ jobID: String) async throws(BulkQueryError) -> BulkQueryJob {
        try Self.job(in: try await send(client.requestForBulkQueryJob(jobID)))
    }

    /// Polls the job with back-off until it is `JobComplete`, calling `progress` with each answer;
    /// the first poll comes `firstPoll` after the call. With the records the job will process
    /// (`expectedRecords`), the polls follow its pace (`BulkPollSchedule`), from the create's
    /// answer when it came at `createdAt`. `Failed` and `Aborted` are thrown.
    public func waitUntilComplete(
        _ jobID: String, expectedRecords: Int? = nil, createdAt: ContinuousClock.Instant? = nil,
        progress: @Sendable (BulkQueryJob) -> Void = { _ in }
    ) async throws(BulkQueryError) -> BulkQueryJob {
        var schedule = BulkPollSchedule(
            first: firstPoll, longest: longestPoll, expectedRecords: expectedRecords, createdAt: createdAt)
        var wait = schedule.firstWait
        while true {
            // A job just created is never complete: every poll is a call, so the first waits too.
            do {
                try await Task.sleep(for: wait)
            } catch {
                throw .requestFailed(.cancelled)
            }
            let job = try await job(jobID)
            wait = schedule.wait(afterCount: job.numberRecordsProcessed, at: .now)
            progress(job)
            switch job.state {
            case .jobComplete: return job
            case .failed: throw .jobFailed(jobID: jobID, message: job.errorMessage ?? "no reason given")
            case .aborted: throw .jobAborted(jobID: jobID)
            default: break
            }
        }
    }

    /// `PATCH` state `Aborted`; the job as the org then describes it.
    @discardableResult public func abort(_ jobID: String) async throws(BulkQueryError) -> BulkQueryJob {
        try Self.job(in: try await send(client.requestForAbortBulkQueryJob(jobID)))
    }

    /// Hands each piece of a complete job's CSV to `consume`, in order. Up to `piecesAtOnce` pieces
    /// are read at once of those `resultPages` lists when the client's version has it; each piece starts with the
    /// header row, as the org sends it.
    public func readResults(
        _ jobID: String, consume: (_ csv: [UInt8], _ records: Int) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        if client.apiVersion < Self.resultPagesVersion {
            try await readPieceByPiece(jobID, consume: consume)
        } else {
            try await readInParallel(jobID, consume: consume)
        }
    }

    /// Records asked for in one piece at most: Salesforce warns that a very large piece may time
    /// out before all of it arrives, and recommends `maxRecords` to split it.
    public static let largestPiece = 5_000_000

    /// Reads a complete job's results as one stream, for a reader that writes them out as they
    /// come: each piece asks for all of the job's `records` that are left (`maxRecords`, unless
    /// set; `largestPiece` at most), so that a job is one piece and one call unless the org's
    /// size limits cut it, and
    /// each is handed to `consume` a chunk at a time as it arrives (it starts with the header
    /// row, as the org sends it), then to `endPiece` with its record count. Where `readResults`
    /// reads pieces of the org's size (32 MB on the mock org, five pieces for a million rows),
    /// one `resultPages` call per five, and holds each piece whole, this holds one chunk.
    public func streamResults(
        _ jobID: String, records: Int, consume: ([UInt8]) async throws(BulkQueryError) -> Void,
        endPiece: (_ records: Int) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        var locator: String?
        var handed = 0
        repeat {
            let request = client.requestForBulkQueryResults(
                jobID, locator: locator, maxRecords: maxRecords ?? min(max(records - handed, 1), Self.largestPiece))
            var reader: RestBodyReader
            do {
                reader = try await client.stream(request)
            } catch {
                throw .requestFailed(error)
            }
            let (count, next) = try Self.pieceHead(reader.head.headers)
            while true {
                let chunk: [UInt8]?
                do {
                    chunk = try await reader.next()
                } catch {
                    throw .requestFailed(error)
                }
                guard let chunk else { break }
                try await consume(chunk)
            }
            try await endPiece(count)
            handed += count
            locator = next
        } while locator != nil
    }

    private func readPieceByPiece(
        _ jobID: String, consume: (_ csv: [UInt8], _ records: Int) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        var locator: String?
        repeat {
            let request = client.requestForBulkQueryResults(jobID, locator: locator, maxRecords: maxRecords)
            let piece = try await Self.piece(request, client: client)
            try await consume(piece.csv, piece.records)
            locator = piece.next
        } while locator != nil
    }

    private func readInParallel(
        _ jobID: String, consume: (_ csv: [UInt8], _ records: Int) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        var pagesRequest = client.requestForBulkQueryResultPages(jobID, maxRecords: maxRecords)
        while true {
            let links: [String]
            let next: String?
            let json: JSONValue
            let response = try await send(pagesRequest)
            do {
                json = try response.asJSONValue()
            } catch {
                throw .requestFailed(error)
            }
            // The documentation's table and example spell the keys `resultUrl` and
            // `nextRecordUrl` as well as `resultLink` and `nextRecordsUrl`: either is read.
            links =
                json["resultPages"]?.arrayValue?.compactMap {
                    $0["resultLink"]?.stringValue ?? $0["resultUrl"]?.stringValue
                } ?? []
            next =
                json["done"] == .bool(true)
                ? nil : json["nextRecordsUrl"]?.stringValue ?? json["nextRecordUrl"]?.stringValue
            guard !links.isEmpty else { throw .unexpectedAnswer("resultPages listed no results.") }
            try await readTogether(links, consume: consume)
            guard let next else { return }
            pagesRequest = RestRequest(method: .GET, path: next)
        }
    }

    /// Reads the pieces at `links`, `piecesAtOnce` at a time, and hands them over in order, each as
    /// soon as those before it are.
    private func readTogether(
        _ links: [String], consume: (_ csv: [UInt8], _ records: Int) async throws(BulkQueryError) -> Void
    ) async throws(BulkQueryError) {
        let client = self.client
        let window = max(piecesAtOnce, 1)
        let outcome: Result<Void, BulkQueryError> = await withTaskGroup(
            of: (Int, Result<Piece, BulkQueryError>).self
        ) { group in
            // Pieces that came before those ahead of them, by their place in `links`.
            var waiting: [Int: Piece] = [:]
            var handed = 0
            var started = 0
            func startWithinWindow() {
                while started < links.count, started < handed + window {
                    let index = started
                    let request = RestRequest(method: .GET, path: links[index], headers: [.accept: "text/csv"])
                    group.addTask { (index, await Self.pieceResult(request, client: client)) }
                    started += 1
                }
            }
            startWithinWindow()
            while let (index, result) = await group.next() {
                switch result {
                case .failure(let error):
                    group.cancelAll()
                    return .failure(error)
                case .success(let piece):
                    waiting[index] = piece
                }
                while let piece = waiting.removeValue(forKey: handed) {
                    handed += 1
                    if let error = await Self.handOver(piece, to: consume) {
                        group.cancelAll()
                        return .failure(error)
                    }
                    // Once a piece is handed over, the next is asked for: `window` held at most.
                    startWithinWindow()
                }
            }
            return .success(())
        }
        try outcome.get()
    }

    /// One piece of results and what its headers say.
    struct Piece: Sendable {
        let csv: [UInt8]
        let records: Int
        /// The next piece's locator; nil on the last.
        let next: String?
    }

    private func send(_ request: RestRequest) async throws(BulkQueryError) -> RestResponse {
        try await Self.send(request, client: client)
    }

    private static func send(_ request: RestRequest, client: RestClient) async throws(BulkQueryError) -> RestResponse {
        do {
            return try await client.send(request)
        } catch {
            throw .requestFailed(error)
        }
    }

    private static func pieceResult(_ request: RestRequest, client: RestClient) async -> Result<Piece, BulkQueryError> {
        do throws(BulkQueryError) {
            return .success(try await piece(request, client: client))
        } catch {
            return .failure(error)
        }
    }

    /// Hands `piece` to `consume`; what it threw, if it did.
    private static func handOver(
        _ piece: Piece, to consume: (_ csv: [UInt8], _ records: Int) async throws(BulkQueryError) -> Void
    ) async -> BulkQueryError? {
        do throws(BulkQueryError) {
            try await consume(piece.csv, piece.records)
            return nil
        } catch {
            return error
        }
    }

    private static func piece(_ request: RestRequest, client: RestClient) async throws(BulkQueryError) -> Piece {
        let response = try await send(request, client: client)
        let (count, next) = try pieceHead(response.headers)
        return Piece(csv: response.body, records: count, next: next)
    }

    /// What a piece's headers say: its record count, and the next piece's locator (nil on the last).
    private static func pieceHead(_ headers: HTTPFields) throws(BulkQueryError) -> (records: Int, next: String?) {
        guard let count = headers[numberOfRecordsHeader].flatMap({ Int($0) }) else {
            throw .unexpectedAnswer("a piece of results came without Sforce-NumberOfRecords.")
        }
        let locator = headers[locatorHeader]
        return (count, locator == nil || locator == "null" ? nil : locator)
    }

    private static func job(in response: RestResponse) throws(BulkQueryError) -> BulkQueryJob {
        let json: JSONValue
        do {
            json = try response.asJSONValue()
        } catch {
            throw .requestFailed(error)
        }
        guard let job = BulkQueryJob(json: json) else { throw .unexpectedAnswer("a job came without its id or state.") }
        return job
    }
}
