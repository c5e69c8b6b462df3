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

    /// Opens the editor on the first row's Email (the column cursor onto it, then e, unless it is
    /// already there), waits until the editor shows `current`, and saves `value` in its place.
    static func saveEmail(
        _ value: String, in session: TmuxSession, over current: String = "", cursorOnEmail: Bool = false
    ) async throws {
        // Name, Title, Email: two steps right; e waits for the describe.
        if cursorOnEmail { try await session.send("e") } else { try await session.send("l", "l", "e") }
        try await session.waitUntil("the editor is open on the row") { screen in
            Screen.listLines(screen).first?.contains("Email: \(current)") == true
        }
        try await session.send("C-u")
        try await session.type(value)
        try await session.send("Enter")
    }

    @Test("an edit that succeeds shows at once and stays after r; an invalid email rolls back with the alert")
    func editAndRollback() async throws {
        // The org holds the first update until the test has seen its value on the screen.
        let gate = AnswerGate()
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let contacts = try await org.contactNames()
            let target = contacts[0]
            let original = try #require(try await Self.email(of: target.id, in: org))
            let session = try await DeleteEndToEndTests.open(org, contacts)
            let row = { (screen: String) in
                Screen.listLines(screen).first { $0.contains(Screen.shownPrefix(target.name)) } ?? ""
            }

            try await Self.saveEmail("ed@x.io", in: session, over: original)
            try await gate.waitUntilHolding()
            try await session.waitUntil("the new value shows before the org answers") { row($0).contains("ed@x.io") }
            #expect(try await Self.email(of: target.id, in: org) == original)
            gate.open()
            try await session.waitUntil("the org confirms it") { screen in
                Screen.statusLine(screen).contains("Saved Email")
            }
            #expect(try await Self.email(of: target.id, in: org) == "ed@x.io")
            try await session.send("r")
            try await session.waitUntil("the refreshed list still shows it") { screen in
                !Screen.statusLine(screen).contains("Refreshing") && row(screen).contains("ed@x.io")
            }

            try await Self.saveEmail("nope", in: session, over: "ed@x.io", cursorOnEmail: true)
            let alert = try await session.waitUntil("the refusal alerts") { $0.contains("Cannot update item") }
            #expect(alert.contains("was not changed: Email: invalid"))
            try await session.send("Enter")
            try await session.waitUntil("the old value is back") { screen in
                !screen.contains("Cannot update item") && row(screen).contains("ed@x.io")
            }
            #expect(try await Self.email(of: target.id, in: org) == "ed@x.io")
            try await session.quit(afterFailedChanges: true)
        }
    }
}
