import ContactList
import Foundation
import RestCore
import TestSupport

/// The bulk delete bench's child: the list view's model sending through RestCore as the app
/// does, against one `contact-tui mock-org`, deleting the same number of contacts both ways.
enum BulkDeleteMode {
    /// `bulk-deletes URL COUNT` (the token on standard input): loads the list, presses `d` on the
    /// top row COUNT times in one burst and lets every outcome settle; then marks the next COUNT
    /// rows with Space and deletes them with `d` `y`. Prints the wall time and DELETE requests of
    /// each.
    static func run(url: String, token: String, count: Int) async throws {
        guard let instanceURL = URL(string: url) else { throw BenchFailure("bad url \(url)") }
        let client = RestClient(configuration: RestClientConfiguration(instanceURL: instanceURL, accessToken: token))
        var runner = ModelRunner(
            model: ContactListModel(query: FaultModes.query, origin: "bench", requests: client), client: client)
        // A window taller than the data makes the model fetch every page before the runs.
        runner.setVisibleRows(100_000)
        runner.start()
        guard await runner.settle(), runner.model.dataRows.count >= 2 * count else {
            throw BenchFailure("the list did not load \(2 * count) rows: \(runner.model.notices.statusMessage)")
        }

        func deletes(since start: Int) -> Int {
            runner.exchanges[start...].filter { $0.request.method == .DELETE }.count
        }
        var started = ContinuousClock.now
        var first = runner.exchanges.count
        for _ in 0..<count { runner.delete(atShown: 0) }
        guard await runner.settle(within: .seconds(600)) else { throw BenchFailure("single deletes did not settle") }
        let singleSeconds = (ContinuousClock.now - started).inSeconds
        let singleRequests = deletes(since: first)
        let singleRefused = runner.model.notices.alerts.count
        runner.press(.character("a"))  // dismisses every alert, so that the keys reach the list

        runner.press(.character("g"))
        for _ in 0..<count { runner.press(.character(" ")) }
        guard runner.model.viewport.marks.count == count else {
            throw BenchFailure("marked \(runner.model.viewport.marks.count)")
        }
        let confirmedBefore = runner.model.confirmedDeletedIDs.count
        started = ContinuousClock.now
        first = runner.exchanges.count
        runner.press(.character("d"))
        runner.press(.character("y"))
        guard await runner.settle(within: .seconds(600)) else { throw BenchFailure("the bulk delete did not settle") }
        let bulkSeconds = (ContinuousClock.now - started).inSeconds

        Modes.say("count: \(count)")
        Modes.say("single seconds: \(singleSeconds)")
        Modes.say("single requests: \(singleRequests)")
        Modes.say("single refused: \(singleRefused)")
        Modes.say("bulk seconds: \(bulkSeconds)")
        Modes.say("bulk requests: \(deletes(since: first))")
        Modes.say("bulk deleted: \(runner.model.confirmedDeletedIDs.count - confirmedBefore)")
        Modes.say("bulk refused: \(runner.model.alertEntryCount)")
        await client.shutdown()
    }

}
