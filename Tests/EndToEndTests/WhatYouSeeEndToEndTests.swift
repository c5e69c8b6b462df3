import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// What you see is what you change, in a real terminal: keys typed during a wait never reach the
/// list, the selection stays on its record, and a bulk delete names what the screen hides.
@Suite("What you see is what you change, in a terminal")
struct WhatYouSeeEndToEndTests {
    /// How many contacts the org holds.
    static func count(_ org: LiveOrg) async throws -> Int {
        try await org.client.send(org.client.request(forQuery: "SELECT COUNT() FROM Contact"))
            .decode(QueryResult.self).totalSize
    }

    @Test("keys typed while e waits for the describe are dropped: nothing is deleted, the editor opens on e's row")
    func keysDuringTheDescribeWaitNeverReachTheList() async throws {
        // The wait's word shows only until the describe answers: a long latency keeps it on the
        // screen long enough for a poll on a loaded machine to see it.
        try await LiveOrg.with(MockOrgConfiguration(contacts: 300, latency: .milliseconds(4000))) { org in
            let contacts = try await org.contactNames()
            let before = try await Self.count(org)
            let session = try await DeleteEndToEndTests.open(org, contacts)
            // j, l, e, then d r . at once: all in one burst, before the describe can answer.
            try await session.type("jledr.")
            let waiting = try await session.waitUntil("the wait says the keys did nothing") { screen in
                Screen.statusLine(screen).contains("that key did nothing")
            }
            #expect(!Screen.statusLine(waiting).contains("delete pending"))
            // The editor opens on the second row's Title, where e was pressed, with its own value.
            let editor = try await session.waitUntil("the editor opens") { screen in
                Screen.statusLine(screen).contains("Editing Title")
            }
            let editedLine = Screen.listLines(editor).first { $0.contains("Title: ") } ?? ""
            #expect(Screen.listLines(editor).firstIndex(of: editedLine) == 1, "the editor is on the second row")
            #expect(!editedLine.contains("dr."), "the keys typed during the wait are not in the editor")
            try await session.send("Escape")
            try await session.waitUntil("the edit is cancelled") { Screen.statusLine($0).contains("Edit cancelled") }
            #expect(try await Self.count(org) == before, "no contact was deleted")
            try await session.quit()
        }
    }

    @Test("Esc after an org search keeps the found contact selected, and d deletes that one")
    func escapeFromAnOrgSearchKeepsTheFoundContact() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 3_000)) { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            // A contact past the first page of 200, whose name is unique and has no Cases.
            let all = try await org.records("SELECT Id, Name FROM Contact ORDER BY Name LIMIT 2000").map {
                OrgContact(id: $0["Id"]?.stringValue ?? "", name: $0["Name"]?.stringValue ?? "")
            }
            // A first and a last name, so that the filter's text matches it alone among the loaded rows.
            var candidate: OrgContact?
            for contact in all.dropFirst(1_000)
            where !cases.contains(contact.id) && contact.name.contains(" ")
                && contact.name.unicodeScalars.allSatisfy(\.isASCII)
            {
                let namesakes = try await org.records("SELECT Id FROM Contact WHERE Name = '\(contact.name)'")
                if namesakes.count == 1 {
                    candidate = contact
                    break
                }
            }
            let target = try #require(candidate)
            let session = try await TmuxSession(
                try org.appCommand(["--batch-size", "200"]), width: 100, height: 30)
            try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            try await session.send("/")
            try await session.type(target.name)
            try await session.waitUntil("the org search finds it") { screen in
                Screen.listShows(screen, Screen.shownPrefix(target.name))
            }
            try await session.send("Enter")
            // Down onto the found row (the org search's rows come after the loaded matches).
            for _ in 0..<10 {
                let screen = try await session.capture(attributes: true)
                if Self.selects(screen, target.name) { break }
                try await session.send("j")
                try await Task.sleep(for: .milliseconds(100))
            }
            try await session.waitUntil(attributes: true, "the found contact is selected") { screen in
                Self.selects(screen, target.name)
            }
            try await session.send("Enter")
            try await session.waitUntil("the detail shows it") { $0.contains("Contact · \(target.name)") }
            try await session.send("Escape")
            try await session.send("Escape")
            try await session.waitUntil(attributes: true, "the filter is gone and the found contact is still selected")
            {
                screen in
                !Screen.statusLine(screen).contains("match")
                    && Self.selects(screen, target.name)
            }
            try await session.send("d")
            try await session.waitUntil("its delete settles") { screen in
                Screen.statusLine(screen).contains("Deleted \(target.name)")
            }
            #expect(try await org.exists(target.id) == false)
            #expect(try await org.exists(contacts[0].id), "the first row was not deleted")
            try await session.quit()
        }
    }

    @Test("d with marks the filter hides asks first, names them and says they are hidden; l lists them")
    func bulkDeleteNamesWhatTheFilterHides() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 200)) { org in
            let contacts = try await org.contactNames()
            let before = try await Self.count(org)
            let session = try await DeleteEndToEndTests.open(org, contacts)
            // Mark the first two rows, then filter on the fifth's name, which hides them.
            try await session.send("Space", "Space")
            let shown = contacts[4]
            try await session.send("/")
            try await session.type(Screen.shownPrefix(shown.name))
            try await session.send("Enter")
            try await session.waitUntil("the filter is applied") { screen in
                Screen.statusLine(screen).contains("match")
                    && !Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            try await session.send("d")
            let prompt = try await session.waitUntil("the question names the hidden marks") { screen in
                screen.contains("Delete 2 contacts (2 hidden by the filter)? y/N")
            }
            #expect(prompt.contains(String(contacts[0].name.prefix(10))))
            try await session.send("l")
            try await session.waitUntil("l lists every name") { screen in
                screen.contains("y delete · j/k scroll")
            }
            try await session.send("Escape")
            try await session.waitUntil("nothing is deleted") { screen in
                Screen.statusLine(screen).contains("Nothing deleted")
            }
            #expect(try await Self.count(org) == before)
            try await session.quit()
        }
    }

    @Test("a query without Id shows its rows read-only; d says why and deletes nothing")
    func rowsThatAreNotRecords() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 50)) { org in
            let before = try await Self.count(org)
            let session = try await TmuxSession(
                try org.appCommand(["--query", "SELECT Name, Email FROM Contact ORDER BY Name"]), width: 120, height: 30
            )
            let contacts = try await org.contactNames()
            let screen = try await session.waitUntil("the rows show") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }
            #expect(screen.components(separatedBy: "\n")[1].contains("Email"))
            #expect(Screen.statusLine(screen).contains("50 of 50 loaded"))
            try await session.send("d")
            try await session.waitUntil("d says why it does nothing") { screen in
                Screen.statusLine(screen).contains("These rows are not records")
            }
            #expect(try await Self.count(org) == before)
            try await session.quit()
        }
    }

    @Test("SELECT COUNT() shows the count as its one row")
    func countQuery() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 37)) { org in
            let session = try await TmuxSession(
                try org.appCommand(["--query", "SELECT COUNT() FROM Contact"]), width: 100, height: 20)
            try await session.waitUntil("the count shows") { screen in
                Screen.listLines(screen).first?.hasPrefix(" 37") == true
            }
            try await session.quit()
        }
    }

    @Test("G at 50,000 contacts asks to load the rest, shows its progress and lands on the true last row")
    func loadAllOfFiftyThousand() async throws {
        try await LiveOrg.with(MockOrgConfiguration(contacts: 50_000)) { org in
            let last = try await org.records("SELECT Id, Name FROM Contact ORDER BY Name DESC LIMIT 1").first
            let lastName = try #require(last?["Name"]?.stringValue)
            // Without the replica: with it, every page loads in the background by itself.
            let session = try await TmuxSession(try org.appCommand(["--no-cache"]), width: 100, height: 30)
            try await session.waitUntil("the first page is loaded") {
                Screen.statusLine($0).contains("2000 of 50000 loaded")
            }
            try await session.send("G")
            try await session.waitUntil("G asks first") { $0.contains("Load all 48,000 remaining contacts? y/N") }
            try await session.send("y")
            try await session.waitUntil("the progress shows") { $0.contains("Loading ") && $0.contains("█") }
            // A key while every page loads does nothing but say so.
            try await session.send("d")
            try await session.waitUntil(timeout: .seconds(180), "every page is loaded") { screen in
                Screen.statusLine(screen).contains("50000 of 50000 loaded") && !screen.contains("Esc stops")
            }
            try await session.waitUntil(attributes: true, "the selection is on the true last row") { screen in
                Self.selects(screen, lastName)
            }
            #expect(try await Self.count(org) == 50_000, "the d typed during the load deleted nothing")
            try await session.quit()
        }
    }

    /// The text of the list line drawn highlighted (reverse video), from a capture with attributes.
    static func selectedLine(_ screenWithAttributes: String) -> String {
        guard let index = DemoTests.selectedLines(screenWithAttributes).first else { return "" }
        let line = screenWithAttributes.components(separatedBy: "\n")[index]
        return line.replacing(/\u{1B}\[[0-9;]*m/, with: "")
    }

    /// Whether the highlighted line's Name column starts with `name` (after the mark's column).
    static func selects(_ screenWithAttributes: String, _ name: String) -> Bool {
        selectedLine(screenWithAttributes).hasPrefix(" " + Screen.shownPrefix(name))
    }
}
