import Foundation
import MockOrg
import RestCore
import TestSupport
import Testing

/// Offline through the real binary: the org goes away, the list opens from the replica, `d`,
/// `e` and `c` queue with their badges, the org comes back, and the queue syncs up, never
/// overwriting the edit someone made in the org meanwhile.
@Suite("Offline, end to end")
struct OfflineEndToEndTests {
    @Test(
        "the org goes away: d, e and c queue with badges; it comes back: they sync, and a conflicting edit keeps the org's"
    )
    func queueThenSync() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("offline-e2e-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        // Once online, so that the replica holds the list and the token's user is known. Three
        // contacts without Cases (a delete of them is not refused) near the top: the deleted one,
        // the edited one, and the one someone else edits in the org meanwhile.
        let first = try await LiveOrg.with(MockOrgConfiguration(contacts: 40)) { org in
            let names = try await org.contactNames()
            let withCases = try await org.contactIDsWithCases()
            let rows = Array(names.indices.filter { !withCases.contains(names[$0].id) }.prefix(3))
            try #require(rows.count == 3 && rows[2] < 20)
            let session = try await TmuxSession(try org.appCommand(), width: 120, height: 32, environment: environment)
            try await session.waitUntil("the list opens online") { screen in
                Screen.listShows(screen, Screen.shownPrefix(names[rows[0]].name))
            }
            try await session.quit()
            return (try org.appCommand(), org.endpoint.url.port ?? 0, org.endpoint.accessToken, rows, names)
        }
        let (command, port, token, rows, names) = first
        let (deleted, edited, conflicting) = (names[rows[0]], names[rows[1]], names[rows[2]])

        // The org is gone (its port refuses): the list opens from the replica and changes queue.
        _ = TokenFile.path(holding: token)
        let session = try await TmuxSession(command, width: 120, height: 32, environment: environment)
        try await session.waitUntil("the list opens from the replica, offline") { screen in
            screen.contains("· offline · cached") && Screen.listShows(screen, Screen.shownPrefix(deleted.name))
        }
        try await Self.select(row: rows[0], in: session)
        try await session.send("d")
        try await Self.select(row: rows[1], in: session)
        try await session.send("l", "l", "e", "C-u")
        try await session.type("offline@example.com")
        try await session.send("Enter")
        try await Self.select(row: rows[2], in: session)
        try await session.send("e", "C-u")
        try await session.type("mine@example.com")
        try await session.send("Enter", "c")
        try await session.type("Offlineton")
        try await session.send("C-s")
        try await session.waitUntil("each change shows its badge") { screen in
            let lines = Screen.listLines(screen)
            return lines.contains { $0.hasPrefix("✖") && $0.contains(Screen.shownPrefix(deleted.name)) }
                && lines.contains { $0.hasPrefix("✎") && $0.contains("offline@example.com") }
                && lines.contains { $0.hasPrefix("✎") && $0.contains("mine@example.com") }
                && lines.contains { $0.hasPrefix("✚") && $0.contains("Offlineton") }
        }

        // The org is back on its port, the same seed and token (the same records and dates); its
        // reads are held until someone else's edit of the third contact is in, so that the app's
        // probe cannot find it first.
        let gate = AnswerGate(holding: ["GET"])
        try await LiveOrg.with(
            MockOrgConfiguration(port: port, contacts: 40, accessToken: token).holdingAnswers(at: gate)
        ) { org in
            _ = try await org.client.send(
                org.client.requestForUpdate(
                    withObjectType: "Contact", objectId: conflicting.id,
                    fields: ["Email": .string("theirs@example.com")]))
            gate.open()
            #expect(try await org.exists(deleted.id), "nothing was sent while offline")
            try await session.send("r")
            try await session.waitUntil(
                timeout: .seconds(90), "the edit made meanwhile is an alert showing both values"
            ) { screen in
                screen.contains("Changed meanwhile") && screen.contains("theirs@example.com")
                    && screen.contains("mine@example.com")
            }
            try await session.send("Enter")
            let deadline = ContinuousClock.now + .seconds(60)
            var synced = false
            while !synced, ContinuousClock.now < deadline {
                let gone = try await !org.exists(deleted.id)
                let created = try await !org.records("SELECT Id FROM Contact WHERE LastName = 'Offlineton'").isEmpty
                synced = gone && created
                if !synced { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(synced, "the deleted contact is gone from the org and the new one is there")
            #expect(try await Self.email(of: edited.id, in: org) == "offline@example.com")
            #expect(try await Self.email(of: conflicting.id, in: org) == "theirs@example.com")
            try await session.waitUntil("no badge is left, and the list is the org's") { screen in
                !Screen.listLines(screen).contains { $0.hasPrefix("✖") || $0.hasPrefix("✎") || $0.hasPrefix("✚") }
                    && screen.contains(" · synced") && !Screen.listShows(screen, Screen.shownPrefix(deleted.name))
            }
            // The conflict's alert counts as a change that did not go through: exit status 1.
            try await session.quit(afterFailedChanges: true)
        }
    }

    /// Moves the selection to the list's row `row` (from the top).
    static func select(row: Int, in session: TmuxSession) async throws {
        try await session.send("g")
        for _ in 0..<row { try await session.send("j") }
    }

    static func email(of id: String, in org: LiveOrg) async throws -> String? {
        try await org.records("SELECT Email FROM Contact WHERE Id = '\(id)'").first?["Email"]?.stringValue
    }
}
