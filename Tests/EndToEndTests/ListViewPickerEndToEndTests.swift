import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `v` and `:Object` in a real terminal against a mock org: the picker opens the org's own view,
/// and a bare object name opens that object's first view.
@Suite("List views, in a terminal")
struct ListViewPickerEndToEndTests {
    @Test("v, pick My Contacts: only the user's contacts show under the view's name; :Account loads Accounts")
    func pickMyContactsThenAccounts() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 60)) { org in
            let mine = try await org.records(
                ListViewCommandTests.describedQuery("My Contacts", org.endpoint)
            ).compactMap { $0["Name"]?.stringValue }
            let everyone = try await org.contactNames().map(\.name)
            let others = Set(everyone).subtracting(mine)
            #expect(!mine.isEmpty && !others.isEmpty, "the seed gives the user a share of the contacts")
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 40)
            try await session.waitUntil("the contacts are listed") {
                Screen.listShows($0, Screen.shownPrefix(everyone[0]))
            }
            try await session.send("v")
            try await session.waitUntil("the picker lists the views") {
                $0.contains("List views · Contact") && $0.contains("My Contacts") && $0.contains("All Contacts")
            }
            try await session.type("my c")
            try await session.send("Enter")
            let screen = try await session.waitUntil("the view's rows show under its name") {
                $0.hasPrefix(" Contact · My Contacts · ") && Screen.listShows($0, Screen.shownPrefix(mine[0]))
            }
            let shown = Screen.filledListLines(screen)
            #expect(shown.count == min(mine.count, Screen.listLines(screen).count))
            for line in shown {
                #expect(
                    mine.contains { line.hasPrefix(" " + Screen.shownPrefix($0)) },
                    "only the user's contacts show: \(line)")
            }
            #expect(!screen.contains("List views ·"), "the picker closed")

            try await session.send(":")
            try await session.send("C-u")
            try await session.type("Account")
            try await session.send("Enter")
            let accounts = try await org.records("SELECT Name FROM Account ORDER BY Name")
                .compactMap { $0["Name"]?.stringValue }
            try await session.waitUntil("the accounts show under their first view") { screen in
                screen.hasPrefix(" Account · All Accounts · ")
                    && Screen.listShows(screen, Screen.shownPrefix(accounts[0]))
            }
            try await session.quit()
        }
    }

    @Test("browse --list-view of a view that is not SOQL-compatible opens it read-only, saying why")
    func browseResultsView() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 30)) { org in
            let session = try await TmuxSession(
                try org.appCommand(["--list-view", "recently viewed contacts"]), width: 120, height: 30)
            let screen = try await session.waitUntil("the view opens read-only") {
                $0.hasPrefix(" Contact · Recently Viewed Contacts · ")
                    && Screen.statusLine($0).contains("is read-only: it is not SOQL-compatible")
            }
            #expect(!Screen.filledListLines(screen).isEmpty)
            #expect(!screen.contains("d delete"), "the key bar offers no delete")
            try await session.send("d")
            try await session.waitUntil("d refuses with the reason, and every row stays") { screen in
                Screen.statusLine(screen).contains("is read-only") && !screen.contains("pending")
            }
            try await session.quit()
        }
    }
}
