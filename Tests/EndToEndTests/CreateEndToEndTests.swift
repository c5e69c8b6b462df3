import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// `c` and the 412 alert, driven in a real terminal against a mock org the test starts.
@Suite("Create and conflicting edits in a terminal")
struct CreateEndToEndTests {
    /// Presses `c` and waits for the form (its describe read first).
    static func openForm(_ session: TmuxSession) async throws {
        try await session.send("c")
        try await session.waitUntil("the form is open") { $0.contains("New contact") && $0.contains("Last Name *") }
    }

    /// The ids of the contacts whose LastName and Email are these.
    static func ids(last: String, email: String, in org: LiveOrg) async throws -> [String] {
        try await org.records("SELECT Id FROM Contact WHERE LastName = '\(last)' AND Email = '\(email)'")
            .compactMap { $0["Id"]?.stringValue }
    }

    /// The form's line with the cursor ("▸ Label : text").
    static func focusedLine(_ screen: String) -> String {
        screen.components(separatedBy: "\n").first { $0.contains("▸") } ?? ""
    }

    @Test("c creates a contact: the row shows on top, the org has it, and it takes its Id")
    func creates() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await DeleteEndToEndTests.open(org, contacts)
            try await Self.openForm(session)
            try await session.type("Zedcreated")
            // LastName, Title, Email: two Tabs.
            try await session.send("Tab", "Tab")
            try await session.type("zed@created.test")
            try await session.send("C-s")
            try await session.waitUntil("the org confirms it") { screen in
                Screen.statusLine(screen).contains("Created Zedcreated")
                    && Screen.listLines(screen).first?.contains("Zedcreated") == true
            }
            #expect(try await Self.ids(last: "Zedcreated", email: "zed@created.test", in: org).count == 1)
            try await session.quit()
        }
    }

    @Test("a duplicate is refused, and the form comes back with every value and the org's message")
    func duplicateKeepsValues() async throws {
        try await LiveOrg.with { org in
            // A seed contact with plain-ASCII names, so that typing them is exact.
            let seeds = try await org.records(
                "SELECT FirstName, LastName, Email FROM Contact WHERE Email != null AND FirstName != null LIMIT 200")
            let seed = try #require(
                seeds.first { record in
                    ["FirstName", "LastName", "Email"].allSatisfy { key in
                        record[key]?.stringValue?.allSatisfy { $0.isASCII && !$0.isWhitespace && $0 != "'" }
                            == true
                    }
                })
            let (first, last, email) = (
                seed["FirstName"]!.stringValue!, seed["LastName"]!.stringValue!, seed["Email"]!.stringValue!
            )
            let session = try await DeleteEndToEndTests.open(org, try await org.contactNames())
            try await Self.openForm(session)
            try await session.type(last)
            try await session.send("Tab", "Tab")
            try await session.type(email)
            // Phone, then "more fields…", which Enter opens; FirstName is among the rest.
            try await session.send("Tab", "Tab", "Enter")
            try await session.waitUntil("the other fields show") { $0.contains("Mailing Street") }
            // Tab until the cursor is on First Name, each Tab seen on the screen before the next.
            for _ in 0..<20 {
                let focused = Self.focusedLine(try await session.capture())
                if focused.contains("First Name") { break }
                try await session.send("Tab")
                try await session.waitUntil("the cursor moves") { Self.focusedLine($0) != focused }
            }
            try await session.waitUntil("the cursor is on First Name") { $0.contains("▸ First Name") }
            try await session.type(first)
            try await session.send("C-s")
            let screen = try await session.waitUntil("the refusal reopens the form") { screen in
                screen.contains("Use one of these records?") && screen.contains("New contact")
            }
            #expect(screen.contains(last))
            #expect(screen.contains(email))
            #expect(screen.contains(first))
            #expect(try await Self.ids(last: last, email: email, in: org).count == 1, "nothing was created")
            try await session.send("Escape")
            try await session.waitUntil("it asks before discarding") { $0.contains("Discard what you typed?") }
            try await session.send("Escape")
            try await session.waitUntil("the form is gone") { !$0.contains("┌─ New contact") }
            try await session.quit()
        }
    }

    @Test("another client changes an email after the list loaded; e on it: the org keeps theirs, the alert shows it")
    func conflictShowsTheirs() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let target = contacts[0]
            let original = try #require(try await EditEndToEndTests.email(of: target.id, in: org))
            let session = try await DeleteEndToEndTests.open(org, contacts)
            // The other client: a plain PATCH, after the list read the row.
            let other = org.client.requestForUpdate(
                withObjectType: "Contact", objectId: target.id, fields: ["Email": .string("other@client.test")])
            _ = try await org.client.send(other)
            try await EditEndToEndTests.saveEmail("mine@app.test", in: session, over: original)
            let alert = try await session.waitUntil("the conflict alerts") { $0.contains("Changed meanwhile") }
            #expect(alert.contains("other@client.test"))
            #expect(alert.contains("o overwrite"))
            #expect(try await EditEndToEndTests.email(of: target.id, in: org) == "other@client.test")
            try await session.send("Enter")
            try await session.waitUntil("the row shows the org's value") { screen in
                !screen.contains("Changed meanwhile")
                    && Screen.listLines(screen).first { $0.contains(Screen.shownPrefix(target.name)) }?
                        .contains("other@client.test") == true
            }
            #expect(try await EditEndToEndTests.email(of: target.id, in: org) == "other@client.test")
            try await session.quit(afterFailedChanges: true)
        }
    }
}
