import ContactList
import Foundation
import RestCore
import TestSupport

/// The org search bench's child: the list view's model with the default query's first page
/// loaded, sending through RestCore as the app does, against one `contact-tui mock-org`.
enum SearchMode {
    /// What the user types after `/`: none of it is on the first page (names starting with A), and
    /// the SOSL search finds it further down. Full names stop the org's scan after 200 matches;
    /// a postal code, a phone line and a street number with a street match fewer than 200
    /// contacts, so the org looks at every row.
    static let texts = [
        "Zoltán Wilson", "Mendoza", "94107", "555-0199", "742 Market", "Ngozi Okafor", "Priya Rossi",
    ]

    /// `search URL` (the token on standard input): loads the first page, then for each of `texts`
    /// presses `/`, types the text and times the last keystroke to the first frame (100x30) that
    /// shows the org's results under their divider, the 200 ms pause in typing included. Prints
    /// `first: SECONDS` for a first search (of the first text, again measured after) and
    /// `search TEXT: SECONDS` and `found TEXT: ROWS` for each text.
    static func run(url: String, token: String) async throws {
        guard let instanceURL = URL(string: url) else { throw BenchFailure("bad url \(url)") }
        let client = RestClient(configuration: RestClientConfiguration(instanceURL: instanceURL, accessToken: token))
        var runner = ModelRunner(
            model: ContactListModel(query: FaultModes.query, origin: "bench", requests: client), client: client)
        runner.setVisibleRows(ScreenLayout(screen: Rect(width: 100, height: 30)).visibleRowCount)
        runner.start()
        guard await runner.settle(), !runner.model.dataRows.isEmpty else {
            throw BenchFailure("the first page did not load: \(runner.model.notices.statusMessage)")
        }
        let first = try await search(texts[0], runner: &runner)
        Modes.say("first: \(first.seconds)")
        for text in texts {
            let result = try await search(text, runner: &runner)
            Modes.say("search \(text): \(result.seconds)")
            Modes.say("found \(text): \(result.rows)")
        }
        Modes.say("loaded: \(runner.model.dataRows.count)")
        await client.shutdown()
    }

    /// Types `text` into a fresh filter; returns the seconds from the last keystroke to the frame
    /// showing the org's rows, and how many rows the org search added.
    private static func search(_ text: String, runner: inout ModelRunner) async throws -> (seconds: Double, rows: Int) {
        runner.press(.escape)
        runner.press(.character("/"))
        for character in text.dropLast() { runner.press(.character(character)) }
        var buffer = CellBuffer(width: 100, height: 30)
        let started = ContinuousClock.now
        runner.press(.character(text.last!))
        let deadline = started + .seconds(60)
        while ContinuousClock.now < deadline {
            runner.applyArrived()
            if runner.model.rows.orgSearch.answeredText == text {
                ContactListScreen(model: runner.model).render(area: buffer.area, buffer: &buffer)
                let seconds = (ContinuousClock.now - started).inSeconds
                guard buffer.text.contains("in the org"), runner.model.rows.orgSearch.rowCount > 0 else {
                    throw BenchFailure("the org search for \(text) showed no org rows:\n\(buffer.text)")
                }
                return (seconds, runner.model.rows.orgSearch.rowCount)
            }
            if !runner.model.rows.orgSearch.isSearching {
                throw BenchFailure(
                    "the org search for \(text) ended without rows: \(runner.model.notices.statusMessage)")
            }
            try await Task.sleep(for: .milliseconds(1))
        }
        throw BenchFailure("the org search for \(text) took longer than 60 s")
    }

}
