import ContactList
import Foundation
import RestCore
import TestSupport

/// The fault suite's children: the list view's model, sending through RestCore as the app
/// does, against a `contact-tui mock-org` started with a failure fault. Each prints
/// `name: value` lines for the driver.
enum FaultModes {
    static let query = "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY Name"

    private static func client(url: String, token: String) throws -> RestClient {
        guard let instanceURL = URL(string: url) else { throw BenchFailure("bad url \(url)") }
        return RestClient(configuration: RestClientConfiguration(instanceURL: instanceURL, accessToken: token))
    }

    /// `fault-deletes URL COUNT` (the token on standard input): loads the list, presses `d` on the
    /// top row COUNT times in one burst (every DELETE in flight together), lets every outcome
    /// settle, then counts the list against the org's Ids read back afterwards.
    static func deletes(url: String, token: String, count: Int) async throws {
        let client = try client(url: url, token: token)
        var runner = ModelRunner(
            model: ContactListModel(query: query, origin: "bench", requests: client), client: client)
        runner.setVisibleRows(30)
        runner.start()
        guard await runner.settle(), !runner.model.dataRows.isEmpty else {
            throw BenchFailure("the list did not load: \(runner.model.notices.statusMessage)")
        }
        var deleted: [ContactRecord] = []
        for _ in 0..<count {
            if let record = runner.delete(atShown: 0) { deleted.append(record) }
        }
        guard await runner.settle(within: .seconds(300)) else { throw BenchFailure("the deletes did not settle") }
        let orgIDs = try await DeleteAudit.ids(in: client)
        let audit = DeleteAudit(model: runner.model, orgIDs: orgIDs, deletedIDs: Set(deleted.map(\.id)))
        let deletes = runner.exchanges.filter { $0.request.method == .DELETE }
        let unanswered = deletes.filter {
            if case .failure(let error) = $0.result { return error.httpStatus == nil }
            return false
        }
        let readBacks = runner.exchanges.filter { $0.request.method == .GET && $0.request.path.contains("/sobjects/") }
        Modes.say("deletes: \(deleted.count)")
        Modes.say("replies lost: \(unanswered.count)")
        Modes.say("read back: \(readBacks.count)")
        Modes.say("kept by the org: \(deleted.filter { orgIDs.contains($0.id) }.count)")
        Modes.say("alerts: \(runner.model.notices.alerts.count)")
        Modes.say("wrongly reinstated: \(audit.wronglyReinstated)")
        Modes.say("ghosts: \(audit.ghosts)")
        Modes.say("lost: \(audit.lost)")
        Modes.say("duplicates: \(audit.duplicates)")
        Modes.say("pending: \(audit.pending)")
        await client.shutdown()
    }

    /// `cursor-expiry URL WAIT` (the token on standard input): loads the first page of 200, waits
    /// WAIT seconds (past the org's `--cursor-ttl`), then scrolls to the end page by page; counts
    /// the rows against the org's Ids.
    static func cursorExpiry(url: String, token: String, wait: Double) async throws {
        let client = try client(url: url, token: token)
        var runner = ModelRunner(
            model: ContactListModel(query: query, batchSize: 200, origin: "bench", requests: client), client: client)
        runner.setVisibleRows(30)
        runner.start()
        guard await runner.settle(), !runner.model.dataRows.isEmpty else {
            throw BenchFailure("the list did not load: \(runner.model.notices.statusMessage)")
        }
        try await Task.sleep(for: .seconds(wait))
        // As a user holding End: one page at a time, until the rows stop growing.
        var stalled = 0
        while stalled < 3 {
            let before = runner.model.dataRows.count
            runner.press(.end)
            guard await runner.settle() else { throw BenchFailure("a page did not settle") }
            stalled = runner.model.dataRows.count == before ? stalled + 1 : 0
        }
        let orgIDs = try await DeleteAudit.ids(in: client)
        let audit = DeleteAudit(model: runner.model, orgIDs: orgIDs, deletedIDs: [])
        let expired = runner.exchanges.filter {
            if case .failure(let error) = $0.result {
                return error.salesforceErrors.contains { $0.errorCode == "INVALID_QUERY_LOCATOR" }
            }
            return false
        }
        Modes.say("cursors expired: \(expired.count)")
        Modes.say("rows: \(runner.model.dataRows.count) of \(orgIDs.count)")
        Modes.say("status: \(runner.model.notices.statusMessage)")
        Modes.say("ghosts: \(audit.ghosts)")
        Modes.say("lost: \(audit.lost)")
        Modes.say("duplicates: \(audit.duplicates)")
        await client.shutdown()
    }
}
