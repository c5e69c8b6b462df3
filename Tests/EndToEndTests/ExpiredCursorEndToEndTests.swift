import Foundation
import MockOrg
import TestSupport
import Testing

/// Query cursors that the org lets expire (`--cursor-ttl`): the list view runs the query again
/// and loses nothing; `list`, which cannot take back what it printed, stops with one sentence.
@Suite("Expired query cursor")
struct ExpiredCursorEndToEndTests {
    @Test("a cursor that expired while the list sat idle is recovered: every contact once, no error")
    func listViewRecovers() async throws {
        let configuration = MockOrgConfiguration(contacts: 450, cursorTTL: .seconds(2))
        try await LiveOrg.with(configuration) { org in
            let contacts = try await org.contactNames()
            #expect(contacts.count == 450)
            // Without a replica, pages wait for the selection to near the end (a replica's list pages on by itself).
            let session = try await TmuxSession(
                try org.appCommand(["--batch-size", "200", "--no-cache"]), width: 100, height: 30)
            try await session.waitUntil("the first page is loaded") {
                Screen.statusLine($0).contains("200 of 450 loaded")
            }
            // Idle past the cursor's lifetime, then scroll to the end: the next page's cursor is dead.
            // G with pages left asks to load them all; n goes to the last loaded row, as G did before.
            try await Task.sleep(for: .seconds(4))
            try await session.send("G", "n")
            try await session.waitUntil("the query ran again and the next page came") { screen in
                Screen.statusLine(screen).contains("400 of 450 loaded")
            }
            try await session.send("G", "n")
            let screen = try await session.waitUntil("every contact is loaded") { screen in
                Screen.statusLine(screen).contains("450 of 450 loaded")
                    && !Screen.statusLine(screen).contains("loading")
            }
            #expect(!screen.contains("Could not load"))
            try await session.send("G")
            try await session.waitUntil("the last contact is shown last") { screen in
                Screen.filledListLines(screen).last?.contains(Screen.shownPrefix(contacts[449].name)) == true
            }
            try await session.quit()
        }
    }

    @Test("list: an expired cursor mid-list exits 1 with one sentence, after the rows it printed")
    func listCommandStops() async throws {
        // Every request waits longer than a cursor lives, so the second page's cursor is always dead.
        var configuration = MockOrgConfiguration(contacts: 450, latency: .milliseconds(1500))
        configuration.cursorTTL = .milliseconds(300)
        try await LiveOrg.with(configuration) { org in
            let outcome = try await ListCommandTests.run(
                ["list", "--batch-size", "200", "--query", "SELECT Id, Name FROM Contact ORDER BY Name"]
                    + ListCommandTests.orgArguments(org.endpoint))
            #expect(outcome.status == 1)
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.first == "Id\tName")
            #expect(lines.count == 201)
            #expect(
                outcome.error
                    == "contact-tui: The org's query cursor expired after 200 records were printed, so the output "
                    + "is incomplete; run the command again (INVALID_QUERY_LOCATOR).\n")
        }
    }
}
