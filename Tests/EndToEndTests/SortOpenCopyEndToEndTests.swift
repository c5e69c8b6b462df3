import Foundation
import TestSupport
import Testing

/// The column cursor, `s`, `o` and `y` in a real terminal against the mock org.
@Suite("Sort, open and copy in a terminal")
struct SortOpenCopyEndToEndTests {
    /// The list's query ordered by `order`, as `s` sends it.
    static func sorted(_ order: String) -> String {
        "SELECT Id, Name, Title, Email, Phone, Account.Name FROM Contact ORDER BY " + order
    }

    /// The first record of the org in `order`: its id and the prefix of its name the list shows.
    static func first(_ org: LiveOrg, _ order: String) async throws -> (id: String, prefix: String) {
        let record = try #require(try await org.records(sorted(order)).first)
        return (record["Id"]?.stringValue ?? "", Screen.shownPrefix(record["Name"]?.stringValue ?? ""))
    }

    @Test("s on two columns orders the whole org; y copies the Id through tmux; o runs $BROWSER on the URL")
    func sortOpenCopy() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let browser = try StandInBrowser()
            let session = try await TmuxSession(try org.appCommand(), environment: ["BROWSER": browser.path])
            try await session.waitUntil("the first contacts are listed") { screen in
                Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
            }

            // Name: the query's own ORDER BY Name shows ▲ from the start, and s flips it.
            let byNameDown = try await Self.first(org, "Name DESC")
            try await session.waitUntil("the query's own order on Name, up") { $0.contains("Name ▲") }
            try await session.send("s")
            // The selection stays on its record, wherever the new order puts it; g goes to the top.
            try await session.waitUntil("sorted by Name, down") { $0.contains("Name ▼") }
            try await session.send("g")
            try await session.waitUntil("the top row is the last name") { screen in
                Screen.listLines(screen).first?.hasPrefix(" " + byNameDown.prefix) == true
            }

            // Email, two columns to the right.
            let byEmail = try await Self.first(org, "Email ASC")
            try await session.send("l")
            try await session.send("l")
            try await session.send("s")
            let screen = try await session.waitUntil("sorted by Email, up") { $0.contains("Email ▲") }
            #expect(!screen.contains("Name ▼"))
            try await session.send("g")
            try await session.waitUntil("the top row has the first email") { screen in
                Screen.listLines(screen).first?.hasPrefix(" " + byEmail.prefix) == true
            }

            // y: OSC 52, which tmux keeps as a paste buffer with set-clipboard on.
            try await TmuxSession.tmux(["-L", session.socket, "set", "-g", "set-clipboard", "on"])
            try await session.send("y")
            try await session.waitUntil("the status line says the Id was copied") { screen in
                Screen.statusLine(screen).contains("Copied \(byEmail.id) to the clipboard")
            }
            let buffer = try await TmuxSession.tmux(["-L", session.socket, "show-buffer"])
            #expect(buffer == byEmail.id)

            // o: the stand-in browser is given the record's page on the org's own address.
            try await session.send("o")
            let expected =
                org.endpoint.url.absoluteString.trimmingSuffix("/")
                + "/lightning/r/Contact/\(byEmail.id)/view"
            let launched = await waitUntil { browser.opened == expected }
            #expect(launched, "the browser was given \(expected)")
            try await session.quit()
        }
    }
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
