import Foundation
import RestCore
import TestSupport
import Testing

/// A query whose fields are spelled in lower case, as a new user types it: Salesforce answers
/// with the canonical spelling (`Name`), and both the list and `list` show the values under
/// headings in that spelling; a compound address reads as one line, a missing account as nothing.
@Suite("Fields spelled in lower case")
struct FieldCaseEndToEndTests {
    static let query = "select id, name, email from contact order by name"

    @Test("the list shows the org's headings and the records' values")
    func terminalList() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await TmuxSession(
                try org.appCommand(["--query", Self.query]), width: 100, height: 30)
            let screen = try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            let heading = screen.components(separatedBy: "\n")[1]
            #expect(heading.contains("Name") && heading.contains("Email"))
            #expect(Screen.listShows(screen, "@"))
            try await session.quit()
        }
    }

    @Test("the detail view shows the mailing address on one line")
    func detailAddress() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let records = try await org.records("SELECT Id, MailingAddress FROM Contact ORDER BY Name")
            let session = try await TmuxSession(
                try org.appCommand(["--query", "select id, name, account.name from contact order by name"]),
                width: 120, height: 40)
            let list = try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            #expect(list.components(separatedBy: "\n")[1].contains("Account Name"))
            try await session.send("Enter")
            let street = records[0]["MailingAddress"]?["street"]?.stringValue ?? ""
            let city = records[0]["MailingAddress"]?["city"]?.stringValue ?? ""
            let detail = try await session.waitUntil("the detail view shows the address") { screen in
                screen.contains("MailingAddress") && screen.contains("MailingCity")
            }
            let line = try #require(detail.components(separatedBy: "\n").first { $0.contains("MailingAddress") })
            #expect(line.contains("\(street), \(city)"))
            #expect(!detail.contains("MailingAddress.") && !detail.contains("null"))
            try await session.send("q")
            try await session.quit()
        }
    }

    @Test("list prints the org's header and the records' values, an address on one line")
    func listCommand() async throws {
        try await LiveOrg.with { org in
            let query = "select id, name, email, account.name, mailingaddress, mailingcity from contact order by name"
            let expected = try await org.records(query)
            let outcome = try await ListCommandTests.run(
                ["list", "--query", query] + ListCommandTests.orgArguments(org.endpoint)
            ).checked()
            let lines = outcome.output.split(separator: "\n")
            #expect(lines.first == "Id\tName\tEmail\tAccount.Name\tMailingAddress\tMailingCity")
            let rows = lines.dropFirst().map { $0.split(separator: "\t", omittingEmptySubsequences: false) }
            #expect(rows.count == expected.count)
            #expect(rows.allSatisfy { $0.count == 6 && !$0[0].isEmpty && !$0[1].isEmpty })
            #expect(!outcome.output.contains("null") && !outcome.output.contains("{"))
            // Some contacts have no account: an empty field. Every address shows its city.
            #expect(zip(rows, expected).contains { row, record in record["Account"] == .null && row[3].isEmpty })
            for (row, record) in zip(rows, expected) {
                let street = record["MailingAddress"]?["street"]?.stringValue ?? ""
                #expect(row[4].hasPrefix(street))
                #expect(row[5].isEmpty || row[4].contains(row[5]))
            }
        }
    }
}
