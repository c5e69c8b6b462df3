import Foundation
import MockOrg
import TestSupport
import Testing

/// The org's daily API request limit used up (`--api-limit`): one sentence naming the limit, in
/// the list view and in `list`.
@Suite("API request limit")
struct RequestLimitEndToEndTests {
    static let sentence =
        "The org's daily API request limit is used up (REQUEST_LIMIT_EXCEEDED: TotalRequests Limit exceeded.)"

    @Test("the list view names the limit in its status line")
    func listView() async throws {
        let configuration = MockOrgConfiguration(contacts: 20, apiLimit: 0)
        try await LiveOrg.with(configuration) { org in
            let session = try await TmuxSession(try org.appCommand(), width: 180, height: 20)
            let screen = try await session.waitUntil("the page error shows") {
                Screen.statusLine($0).contains("Could not")
            }
            #expect(Screen.statusLine(screen).contains("Could not load contacts: \(Self.sentence) — r to retry"))
            try await session.quit()
        }
    }

    @Test("list exits 1 with the sentence and says the output is incomplete, after the pages it was allowed")
    func listCommand() async throws {
        let configuration = MockOrgConfiguration(contacts: 450, apiLimit: 1)
        try await LiveOrg.with(configuration) { org in
            let outcome = try await ListCommandTests.run(
                ["list", "--batch-size", "200", "--query", "SELECT Id FROM Contact"]
                    + ListCommandTests.orgArguments(org.endpoint))
            #expect(outcome.status == 1)
            #expect(outcome.output.split(separator: "\n").count == 201)
            #expect(
                outcome.error
                    == "contact-tui: \(Self.sentence); the output is incomplete: 200 records were printed.\n")
        }
    }
}
