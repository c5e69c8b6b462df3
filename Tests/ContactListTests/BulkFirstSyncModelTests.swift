import RestCore
import Testing

@testable import ContactList

/// The model's side of a large list's first sync through a Bulk API 2.0 job (`readBulk`, its
/// pieces through `handle(bulkPage:for:)`), with no org: a run that replaces the list cancels
/// the read, so that the runner aborts its job; a job that fails says why in one sentence and
/// loses no row.
@Suite("A large list's first sync through a bulk job, in the model")
struct BulkFirstSyncModelTests {
    /// What the first page says the query matches: above `bulkSyncThreshold`.
    static let totalSize = ContactListModel.bulkSyncThreshold + 10_000
    static let cursor = "/services/data/v66.0/query/01gXX-2000"

    /// A replicated list whose first page (contacts 0..<5) says it is large, and the id of the
    /// bulk read it asked for.
    static func largeList() throws -> (ContactListModel, RestRequestID) {
        var model = ContactListModel(query: Fixtures.query, origin: "127.0.0.1:1", requests: Fixtures.client())
        model.visibleRowCount = 10
        model.keepsRows = true
        let first = try #require(Fixtures.sentRequests(model.start()).first)
        let effects = model.handle(
            response: Fixtures.page(
                (0..<5).map { Fixtures.contact($0) }, totalSize: totalSize, nextRecordsUrl: cursor),
            for: first.id)
        let id = try #require(bulkRead(in: effects))
        // The first page's count goes with the read, so that the job's polls follow its pace.
        #expect(expectedRecords(in: effects) == totalSize)
        return (model, id)
    }

    static func expectedRecords(in effects: [ContactListEffect]) -> Int? {
        effects.lazy.compactMap { if case .readBulk(_, let expected, _) = $0 { expected } else { nil } }.first
    }

    static func bulkRead(in effects: [ContactListEffect]) -> RestRequestID? {
        effects.lazy.compactMap { if case .readBulk(_, _, let id) = $0 { id } else { nil } }.first
    }

    static func cancels(_ effects: [ContactListEffect], _ id: RestRequestID) -> Bool {
        effects.contains { if case .cancel(id) = $0 { true } else { false } }
    }

    /// A piece of the job as `BulkJobRecords.readPages` hands it over: contacts `range`.
    static func piece(_ range: Range<Int>, done: Bool = false) throws -> QueryResult {
        let records = try Fixtures.page(range.map { Fixtures.contact($0) }).get().decode(QueryResult.self).records
        return QueryResult(totalSize: totalSize, done: done, records: records)
    }

    @Test("r while the job runs cancels its read; a piece that still comes is not applied")
    func refreshCancelsTheRead() throws {
        var (model, id) = try Self.largeList()
        let effects = model.handle(key: .character("r"))
        #expect(Self.cancels(effects, id))
        #expect(model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id).isEmpty)
        #expect(model.dataRows.count == 5, "the rows stay until the new run's first page")
    }

    @Test("a query run from : while the job runs cancels its read")
    func anotherQueryCancelsTheRead() throws {
        var (model, id) = try Self.largeList()
        _ = model.handle(key: .character(":"))
        _ = model.handle(key: .control("u"))
        _ = Fixtures.type("SELECT Id, Name FROM Contact", into: &model)
        let first = try #require(Fixtures.sentRequests(model.handle(key: .enter)).first)
        let effects = model.handle(response: Fixtures.page((0..<3).map { Fixtures.contact($0) }), for: first.id)
        #expect(Self.cancels(effects, id))
        #expect(model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id).isEmpty)
        #expect(model.dataRows.count == 3)
    }

    @Test("pieces that keep coming to the list they were asked for are applied, and nothing is cancelled")
    func piecesOfTheSameRunApply() throws {
        var (model, id) = try Self.largeList()
        let effects = model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id)
        #expect(!Self.cancels(effects, id))
        #expect(model.dataRows.count == 50, "the first piece starts the list again from the same first rows")
    }

    static func job(processed: Int) -> BulkQueryJob {
        BulkQueryJob(
            id: "750XX0000000001AAA", state: .inProgress, operation: "query", numberRecordsProcessed: processed,
            errorMessage: nil)
    }

    @Test("the header follows the org's job until its first piece comes, and then the rows")
    func theHeaderFollowsTheJob() throws {
        var (model, id) = try Self.largeList()
        #expect(!Self.screen(model).contains("bulk job"))
        model.handle(bulkJob: Self.job(processed: 12_000), for: id)
        #expect(Self.screen(model).contains("syncing 5 / 60,000 [░░░░░░░░░░] · bulk job 12,000 processed"))
        model.handle(bulkJob: Self.job(processed: 42_000), for: id)
        #expect(Self.screen(model).contains("· bulk job 42,000 processed"))

        _ = model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id)
        #expect(!Self.screen(model).contains("bulk job"), "the rows say how far the list is once pieces come")
        model.handle(bulkJob: Self.job(processed: 60_000), for: id)
        #expect(!Self.screen(model).contains("bulk job"))
    }

    @Test("a poll's answer for a read that r cancelled shows nothing")
    func aCancelledJobShowsNothing() throws {
        var (model, id) = try Self.largeList()
        model.handle(bulkJob: Self.job(processed: 12_000), for: id)
        _ = model.handle(key: .character("r"))
        #expect(!Self.screen(model).contains("bulk job"))
        model.handle(bulkJob: Self.job(processed: 30_000), for: id)
        #expect(!Self.screen(model).contains("bulk job"))
    }

    /// How a job can fail before its first piece, and the one sentence the status line then says.
    enum EarlyFailure: CaseIterable, Sendable {
        case failedJob, brokenPiece, unsupportedQuery

        var error: BulkQueryError {
            switch self {
            case .failedJob:
                .jobFailed(
                    jobID: "750XX0000000001AAA", message: "InternalServerError: the query could not be completed.")
            case .brokenPiece:
                .unexpectedAnswer("the CSV results are not valid on line 3: a quoted field is not closed.")
            case .unsupportedQuery:
                .unsupportedQuery(
                    .apiInvocationFailed(
                        status: 400, headers: [:],
                        errors: [
                            SalesforceError(message: "Aggregate queries are not supported", errorCode: "INVALIDJOB")
                        ],
                        rawBody: nil))
            }
        }

        /// What the sentence starts with: the failure, as the error says it.
        var start: String {
            switch self {
            case .failedJob:
                "The Bulk API 2.0 query job 750XX0000000001AAA failed: InternalServerError: the query could not be completed"
            case .brokenPiece:
                "The org's Bulk API 2.0 answer was not understood: the CSV results are not valid on line 3: a quoted field is not closed"
            case .unsupportedQuery: "Bulk API 2.0 cannot run this query: "
            }
        }
    }

    static func screen(_ model: ContactListModel) -> String {
        ContactListScreen(model: model).frame(width: 240, height: 14).text
    }

    @Test(
        "a job that fails before its first piece: one sentence, the first page's rows stay, and the rest is paged",
        arguments: EarlyFailure.allCases)
    func anEarlyFailurePagesTheRest(_ failure: EarlyFailure) throws {
        var (model, id) = try Self.largeList()
        let effects = model.handle(bulkPage: .failure(failure.error), for: id)
        let status = model.notices.statusMessage
        #expect(status.hasPrefix(failure.start))
        #expect(status.hasSuffix("; the rest of the list is read page by page instead."))
        #expect(!status.contains("\n") && !status.contains(".;"))
        #expect(Self.screen(model).contains("the rest of the list is read page by page instead."))
        #expect(model.dataRows.map(\.id) == (0..<5).map(Fixtures.id))

        // REST paging goes on from the first page's cursor, and every row comes, once.
        let next = try #require(Fixtures.sentRequests(effects).first)
        #expect(next.path == Self.cursor)
        _ = model.handle(response: Fixtures.page((5..<12).map { Fixtures.contact($0) }, totalSize: 12), for: next.id)
        #expect(model.dataRows.map(\.id) == (0..<12).map(Fixtures.id))
        #expect(model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id).isEmpty, "the job is over")
    }

    @Test("a piece not understood after the first: the rows so far stay, one sentence says r retries, and r does")
    func aLateFailureKeepsTheRowsSoFar() throws {
        var (model, id) = try Self.largeList()
        _ = model.handle(bulkPage: .success(try Self.piece(0..<50)), for: id)
        let effects = model.handle(bulkPage: .failure(EarlyFailure.brokenPiece.error), for: id)
        #expect(Fixtures.sentRequests(effects).isEmpty)
        #expect(
            model.notices.statusMessage
                == "Could not load the rest of the list: \(EarlyFailure.brokenPiece.start) — r to retry")
        #expect(Self.screen(model).contains("— r to retry"))
        #expect(model.dataRows.map(\.id) == (0..<50).map(Fixtures.id))

        // r runs the list again, whose first page asks for a job of its own.
        let first = try #require(Fixtures.sentRequests(model.handle(key: .character("r"))).first)
        let again = model.handle(
            response: Fixtures.page(
                (0..<5).map { Fixtures.contact($0) }, totalSize: Self.totalSize, nextRecordsUrl: Self.cursor),
            for: first.id)
        let read = try #require(Self.bulkRead(in: again))
        #expect(read != id)
    }
}
