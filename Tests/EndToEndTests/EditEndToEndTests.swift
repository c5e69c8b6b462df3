import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Edit in place, driven in a real terminal against a mock org the test starts.
@Suite("Edit in a terminal")
struct EditEndToEndTests {
    /// The Email the org has for a contact.
    static func email(of id: String, in org: LiveOrg) async throws -> String? {
        try await org.records("SELECT Email FROM Contact WHERE Id = '\(id)'").first?["Email"]?.stringValue
    }

    @Test("an edit that succeeds shows at once and stays after r; an invalid email rolls back with the alert")
    func editAndRollback() async throws {
        try await LiveOrg.with(MockOrgConfiguration(latency: .milliseconds(300))) { org in
            let contacts = try await org.contactNames()
            let target = contacts[0]
            let original = try #require(try await Self.email(of: target.id, in: org))
            let session = try await DeleteEndToEndTests.open(org, contacts)
            let row = { (screen: String) in
                Screen.listLines(screen).first { $0.contains(Screen.shownPrefix(target.name)) } ?? ""
            }

            // The column cursor onto Email (Name, Title, Email), then e opens the editor on the row.
            try await session.send("l", "l", "e")
            try await session.waitUntil("the editor is open on the row") { screen in
                Screen.listLines(screen).first?.contains("Email: \(original)") == true
            }
            try await session.send("C-u")
            try await session.type("ed@x.io")
            try await session.send("Enter")
            try await session.waitUntil("the new value shows") { row($0).contains("ed@x.io") }
            try await session.waitUntil("the org confirms it") { screen in
                Screen.statusLine(screen).contains("Saved Email")
            }
            #expect(try await Self.email(of: target.id, in: org) == "ed@x.io")
            try await session.send("r")
            try await session.waitUntil("the refreshed list still shows it") { screen in
                !Screen.statusLine(screen).contains("Refreshing") && row(screen).contains("ed@x.io")
            }

            try await session.send("e")
            try await session.waitUntil("the editor is open again") { screen in
                Screen.listLines(screen).first?.contains("Email: ed@x.io") == true
            }
            try await session.send("C-u")
            try await session.type("nope")
            try await session.send("Enter")
            let alert = try await session.waitUntil("the refusal alerts") { $0.contains("Cannot update item") }
            #expect(alert.contains("was not changed: Email: invalid"))
            try await session.send("Enter")
            try await session.waitUntil("the old value is back") { screen in
                !screen.contains("Cannot update item") && row(screen).contains("ed@x.io")
            }
            #expect(try await Self.email(of: target.id, in: org) == "ed@x.io")
            try await session.quit()
        }
    }
}
