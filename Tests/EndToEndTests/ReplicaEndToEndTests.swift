import Foundation
import MockOrg
import TestSupport
import Testing

/// The local replica through the real binary: open, quit, reopen, and the rows show before the
/// org answers the query.
@Suite("The local replica, end to end")
struct ReplicaEndToEndTests {
    @Test("open, quit, reopen: the kept rows show under 'cached … · syncing…' while the query is held, then 'synced'")
    func reopenShowsKeptRows() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replica-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        let first = try await LiveOrg.with { org in try await Self.openAndQuit(org, environment: environment) }

        // Another org of the same seed (the mock org's org and user ids never change), whose
        // answers to the data API's reads are held: only the replica can show rows.
        let gate = AnswerGate(holding: ["GET"])
        try await LiveOrg.with(MockOrgConfiguration().holdingAnswers(at: gate)) { org in
            try await Self.expectKeptRowsWhileHeld(org, gate: gate, first: first, environment: environment)
        }
    }

    @Test(
        "a start with a token seen before shows the kept rows before the org says who the user is; a new token waits for it"
    )
    func knownTokenStartsAtOnce() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("replica-e2e-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let environment = [
            "XDG_CACHE_HOME": folder.appendingPathComponent("cache").path,
            "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
        ]
        let token = "00D000000000001!instant-start-token-\(UUID().uuidString)"
        let first = try await LiveOrg.with(MockOrgConfiguration(accessToken: token)) { org in
            try await Self.openAndQuit(org, environment: environment)
        }
        let knownOwners = folder.appendingPathComponent("cache/contact-tui/known-owners")
        let remembered = try String(contentsOf: knownOwners, encoding: .utf8)
        #expect(!remembered.contains(token) && !remembered.contains("instant-start-token"))

        // The same token, against an org (of the same seed) slow to answer anything, `userinfo`
        // included: the first frame already holds the kept rows, the sync still running.
        let gate = AnswerGate(holding: ["GET"], holdsUserInfo: true)
        try await LiveOrg.with(
            MockOrgConfiguration(accessToken: token, latency: .milliseconds(300)).holdingAnswers(at: gate)
        ) { org in
            try await Self.expectKeptRowsWhileHeld(org, gate: gate, first: first, environment: environment)
        }

        // Another token: nothing is shown until the org says who the user is.
        let otherGate = AnswerGate(holding: ["GET"], holdsUserInfo: true)
        try await LiveOrg.with(MockOrgConfiguration(accessToken: token + "-renewed").holdingAnswers(at: otherGate)) {
            org in
            let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
            try await otherGate.waitUntilHolding(1)
            #expect(!Screen.listShows(try await session.capture(), Screen.shownPrefix(first)))
            #expect(otherGate.arrivals == 1)
            otherGate.open()
            try await session.waitUntil("the list opens once the org answered") { screen in
                Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains(" · synced")
            }
            try await session.quit()
        }
        // Both tokens are remembered now, by digest only.
        let both = try String(contentsOf: knownOwners, encoding: .utf8)
        #expect(both.split(separator: "\n").count == 2)
        #expect(!both.contains("instant-start-token"))
    }

    /// Opens the list against `org` with no replica yet, waits for its first contact, quits;
    /// that contact's name.
    private static func openAndQuit(_ org: LiveOrg, environment: [String: String]) async throws -> String {
        let names = try await org.contactNames()
        let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
        try await session.waitUntil("the first contacts are listed") { screen in
            Screen.listShows(screen, Screen.shownPrefix(names[0].name))
        }
        #expect(!(try await session.capture()).contains("cached"))
        try await session.quit()
        return names[0].name
    }

    /// Opens the list against `org`, whose reads `gate` holds: the kept rows (`first` among them)
    /// show under "cached just now · syncing…" while nothing is answered; once the gate opens, the
    /// org's rows replace them and the header says "synced".
    private static func expectKeptRowsWhileHeld(
        _ org: LiveOrg, gate: AnswerGate, first: String, environment: [String: String]
    ) async throws {
        let session = try await TmuxSession(try org.appCommand(), width: 100, height: 30, environment: environment)
        try await session.waitUntil("the kept rows show while the org's answers are held") { screen in
            Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains("cached just now · syncing…")
        }
        #expect(!gate.isOpen)
        gate.open()
        try await session.waitUntil("the org's rows replace them") { screen in
            Screen.listShows(screen, Screen.shownPrefix(first)) && screen.contains(" · synced")
        }
        try await session.quit()
    }
}
