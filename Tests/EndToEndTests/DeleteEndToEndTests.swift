import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Delete with rollback, driven in a real terminal against a mock org the test starts.
@Suite("Delete in a terminal")
struct DeleteEndToEndTests {
    typealias Contact = OrgContact

    /// The first contact (by list position) that passes `accept` and whose shown prefix is unique.
    static func pick(
        _ contacts: [Contact], within limit: Int = 20, _ accept: (Int, Contact) -> Bool
    ) throws -> (index: Int, contact: Contact) {
        for (index, contact) in contacts.prefix(limit).enumerated() where accept(index, contact) {
            let prefix = Screen.shownPrefix(contact.name)
            if contacts.filter({ Screen.shownPrefix($0.name) == prefix }).count == 1 { return (index, contact) }
        }
        throw TestSupportFailure("no suitable contact in the first \(limit) of the org")
    }

    /// Opens the app on the org and waits for its first rows.
    static func open(_ org: LiveOrg, _ contacts: [Contact], extra: [String] = []) async throws -> TmuxSession {
        let session = try await TmuxSession(try org.appCommand(extra), width: 100, height: 30)
        try await session.waitUntil("the first contacts are listed") { screen in
            Screen.listShows(screen, Screen.shownPrefix(contacts[0].name))
        }
        return session
    }

    /// Moves the selection down `count` rows.
    /// The list opened on `org` with the selection on the first contact within `limit` rows that
    /// `accept` takes, given its index and the ids of contacts with Cases (whose delete fails).
    static func openOn(
        _ org: LiveOrg, within limit: Int = 20, _ accept: (Int, Contact, Set<String>) -> Bool
    ) async throws -> (session: TmuxSession, target: Contact, prefix: String) {
        let contacts = try await org.contactNames()
        let cases = try await org.contactIDsWithCases()
        let (index, target) = try pick(contacts, within: limit) { accept($0, $1, cases) }
        let session = try await open(org, contacts)
        try await moveDown(session, index)
        return (session, target, Screen.shownPrefix(target.name))
    }

    /// Dismisses the alert with `key`, and checks that the refused record is back on top of the
    /// list and still on the server; returns the screen.
    @discardableResult
    static func dismissAlert(
        _ session: TmuxSession, with key: String, expectingOnTop contact: Contact, in org: LiveOrg
    ) async throws -> String {
        try await session.send(key)
        let screen = try await session.waitUntil("the alert is dismissed") { !$0.contains("Cannot delete item") }
        #expect(Screen.listLines(screen).first?.hasPrefix(" \(Screen.shownPrefix(contact.name))") == true)
        #expect(try await org.exists(contact.id))
        return screen
    }

    static func moveDown(_ session: TmuxSession, _ count: Int) async throws {
        guard count > 0 else { return }
        try await TmuxSession.tmux(
            ["-L", session.socket, "send-keys", "-t", "main"] + Array(repeating: "j", count: count))
    }

    @Test("a successful delete: the row goes at once, the server confirms later")
    func success() async throws {
        // The org holds the delete until the test has seen it pending.
        let gate = AnswerGate()
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let (session, target, prefix) = try await Self.openOn(org) { _, contact, cases in
                !cases.contains(contact.id)
            }
            try await session.send("d")
            try await gate.waitUntilHolding()
            // Gone from the screen while the server has not answered yet.
            try await session.waitUntil("the row is gone while its delete is pending") { screen in
                !Screen.listShows(screen, prefix) && Screen.statusLine(screen).contains("1 delete pending")
            }
            #expect(try await org.exists(target.id))
            gate.open()
            try await session.waitUntil("the server confirms") { screen in
                Screen.statusLine(screen).contains("Deleted \(prefix)")
            }
            #expect(try await org.exists(target.id) == false)
            #expect(!Screen.listShows(try await session.capture(), prefix))
            try await session.quit()
        }
    }

    @Test("a contact with Cases comes back on top with the server's message; Enter dismisses")
    func contactWithCases() async throws {
        try await LiveOrg.with { org in
            let (session, target, prefix) = try await Self.openOn(org, within: 25) { index, contact, cases in
                index > 0 && cases.contains(contact.id)
            }
            try await session.send("d")
            let alert = try await session.waitUntil("the alert shows the server's message") { screen in
                screen.contains("Cannot delete item") && screen.contains("associated with")
            }
            #expect(!alert.contains("1 of"))
            let screen = try await Self.dismissAlert(session, with: "Enter", expectingOnTop: target, in: org)
            #expect(Screen.listLines(screen).filter { $0.contains(prefix) }.count == 1)
            try await session.quit(afterFailedChanges: true)
        }
    }

    @Test("a contact deleted elsewhere: no ghost row, no modal, the status line says it was already deleted")
    func alreadyDeleted() async throws {
        try await LiveOrg.with(MockOrgConfiguration()) { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let (index, target) = try Self.pick(contacts, within: 10) { _, contact in
                let prefix = Screen.shownPrefix(contact.name)
                return !cases.contains(contact.id)
                    && contacts.filter { Screen.shownPrefix($0.name) == prefix }.count == 1
            }
            let session = try await Self.open(org, contacts)
            // Someone else deletes it while the list still shows it.
            _ = try await org.client.send(
                org.client.requestForDelete(withObjectType: "Contact", objectId: target.id, apiVersion: nil))
            try await Self.moveDown(session, index)
            try await session.send("d")
            let screen = try await session.waitUntil("the status line says it was already deleted") { screen in
                Screen.statusLine(screen).contains("was already deleted")
            }
            #expect(Screen.statusLine(screen).contains("\(Screen.shownPrefix(target.name))"), "\(screen)")
            #expect(!screen.contains("Cannot delete item"), "\(screen)")
            #expect(!Screen.listShows(screen, Screen.shownPrefix(target.name)), "\(screen)")
            try await session.quit()
        }
    }

    @Test("--fail-rate 1: every delete is rolled back with an alert")
    func failRate() async throws {
        try await LiveOrg.with(MockOrgConfiguration(failRate: 1)) { org in
            let contacts = try await org.contactNames()
            let session = try await Self.open(org, contacts)
            try await Self.moveDown(session, 2)
            try await session.send("d")
            try await session.waitUntil("the alert says the row is locked") { screen in
                // The message names the contact first, so the server's words wrap further on.
                screen.contains("Cannot delete item") && screen.contains("unable to obtain exclusive")
                    && screen.contains("was not deleted")
            }
            try await Self.dismissAlert(session, with: "Escape", expectingOnTop: contacts[2], in: org)
            try await session.quit(with: "C-c", afterFailedChanges: true)
        }
    }

    @Test("three deletes in flight with mixed outcomes: each settled by its own request")
    func threeInFlight() async throws {
        // The org holds the three deletes until the test has seen them pending.
        let gate = AnswerGate()
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let contacts = try await org.contactNames()
            let cases = try await org.contactIDsWithCases()
            let (index, target) = try Self.pick(contacts, within: 25) { index, contact in
                index > 0 && cases.contains(contact.id) && !cases.contains(contacts[index - 1].id)
                    && !cases.contains(contacts[index + 1].id)
            }
            let session = try await Self.open(org, contacts)
            try await Self.moveDown(session, index - 1)
            try await session.send("d", "d", "d")
            try await gate.waitUntilHolding(3)
            try await session.waitUntil("three deletes are pending") { screen in
                Screen.statusLine(screen).contains("3 deletes pending")
            }
            gate.open()
            let settled = try await session.waitUntil("every delete is settled") { screen in
                screen.contains("Cannot delete item") && !Screen.statusLine(screen).contains("pending")
            }
            #expect(!settled.contains("1 of"))
            try await Self.dismissAlert(session, with: "Space", expectingOnTop: target, in: org)
            #expect(try await org.exists(contacts[index - 1].id) == false)
            #expect(try await org.exists(contacts[index + 1].id) == false)
            try await session.quit(afterFailedChanges: true)
        }
    }

    @Test("refresh during a pending delete never shows the row again")
    func refreshDuringDelete() async throws {
        // The org holds the delete (and only it) until the refresh has come back without the row.
        let gate = AnswerGate()
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            let (session, target, prefix) = try await Self.openOn(org) { _, contact, cases in
                !cases.contains(contact.id)
            }
            try await session.send("d", "r")
            try await gate.waitUntilHolding()
            // The refresh read the record back from the server, yet the pending row stays away.
            let refreshed = try await session.waitUntil("the refresh is done while the delete is pending") { screen in
                let status = Screen.statusLine(screen)
                return status.contains("1 delete pending") && !status.contains("loading")
                    && !status.contains("Refreshing")
            }
            #expect(!Screen.listShows(refreshed, prefix), "the pending row came back:\n\(refreshed)")
            #expect(try await org.exists(target.id))
            gate.open()
            // Until and after the server confirms, the row stays away.
            let deadline = ContinuousClock.now + .seconds(30)
            var confirmed = false
            while ContinuousClock.now < deadline {
                let screen = try await session.capture()
                #expect(!Screen.listShows(screen, prefix), "the pending row came back:\n\(screen)")
                let status = Screen.statusLine(screen)
                if status.contains("Deleted \(prefix)") { confirmed = true }
                if confirmed && !status.contains("loading") && !status.contains("Refreshing") { break }
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(confirmed)
            try await session.send("r")
            try await Task.sleep(for: .milliseconds(100))
            let screen = try await session.waitUntil("the second refresh is done") { screen in
                !Screen.statusLine(screen).contains("loading") && !Screen.statusLine(screen).contains("Refreshing")
            }
            #expect(!Screen.listShows(screen, prefix))
            try await session.quit()
        }
    }

    @Test("--read-only: d deletes nothing and says why")
    func readOnly() async throws {
        try await LiveOrg.with { org in
            let contacts = try await org.contactNames()
            let session = try await Self.open(org, contacts, extra: ["--read-only"])
            try await session.send("d")
            let screen = try await session.waitUntil("the status line explains") { screen in
                Screen.statusLine(screen).contains("--read-only")
            }
            #expect(Screen.listLines(screen).first?.hasPrefix(" \(Screen.shownPrefix(contacts[0].name))") == true)
            #expect(try await org.exists(contacts[0].id))
            try await session.quit()
        }
    }
}
