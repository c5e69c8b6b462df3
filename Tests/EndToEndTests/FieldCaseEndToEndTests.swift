import Foundation
import TestSupport
import Testing

/// A query whose fields are spelled in lower case, as a new user types it: Salesforce answers
/// with the canonical spelling (`Name`), and both the list and `list` show the values.
@Suite("Fields spelled in lower case")
struct FieldCaseEndToEndTests {
    static let query = "select id, name, email from contact order by name"

    @Test("the list shows the query's headings and the records' values")
    func terminalList() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                try org.appCommand(["--query", Self.query]), width: 100, height: 30)
            let screen = try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            let heading = screen.components(separatedBy: "\n")[1]
            #expect(heading.contains("name") && heading.contains("email"))
            #expect(Screen.listShows(screen, "@"))
            try await session.send("q")
            #expect(try await session.waitForExit() == 0)
        }
    }

    @Test("list prints the query's header and the records' values")
    func listCommand() async throws {
        try await ListCommandTests.withOrg(contacts: 5) { endpoint in
            let outcome = try await ListCommandTests.run(
                ["list", "--query", Self.query] + ListCommandTests.orgArguments(endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.first == "id\tname\temail")
            let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(rows.count == 5)
            #expect(rows.allSatisfy { $0.count == 3 && !$0[0].isEmpty && !$0[1].isEmpty })
        }
    }
}
