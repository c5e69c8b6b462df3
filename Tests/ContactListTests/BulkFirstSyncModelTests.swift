import RestCore
import Testing

@testable import ContactList

/// The model's side of a large list's first sync through a Bulk API 2.0 job (`readBulk`, its
/// pieces through `handle(bulkPage:for:)`), with no org: a run that replaces the list cancels
/// the read, so that the runner aborts its job.
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
        return (model, id)
    }

    static func bulkRead(in effects: [ContactListEffect]) -> RestRequestID? {
        effects.lazy.compactMap { if case .readBulk(_, let id) = $0 { id } else { nil } }.first
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
}
